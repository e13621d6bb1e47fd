"""Late mail is visible: /healthz answers 200 with the oldest unsent request's age and the
failed and uncertain counts; `outbox check` tells a monitoring system, by exit code and one
line per problem, that mail is late or that requests wait for an operator."""

import re
import sqlite3
import time
from contextlib import closing

import pytest

from motorlab import create_app
from motorlab.contact.cli import CHECK_LATE, CHECK_SETTLE, CHECK_UNAVAILABLE, CHECK_UNREADABLE
from tests.support.contact_support import (
    ALL_CLEAR,
    HEALTHY,
    VALID,
    contact_config,
    deliver,
    post_contact,
    stored,
)
from tests.support.smtp import SmtpServer


def check(app, *args: str) -> tuple[int, list[str]]:
    result = app.test_cli_runner().invoke(args=["outbox", "check", *args])
    return result.exit_code, result.output.splitlines()


def health(app) -> dict:
    response = app.test_client().get("/healthz")
    assert response.status_code == 200  # a load balancer keeps the site in
    return response.get_json()


def test_a_stalled_mail_server_makes_mail_late_for_the_check_but_not_for_the_balancer(
    tmp_path, stalled, smtp
):
    back_off = {"OUTBOX_RETRY_BASE": 60, "OUTBOX_RETRY_MAX": 60}  # not due again in this test
    app = create_app(
        contact_config(stalled, tmp_path, MAIL_TIMEOUT=0.5, MAIL_DEADLINE=1, **back_off)
    )
    assert post_contact(app.test_client()).status_code == 303
    code, lines = check(app, "--max-age", "1m")  # times are whole seconds: 0 or 1
    assert code == 0 and len(lines) == 1
    assert re.fullmatch(
        r"OK: 1 queued, the oldest waiting [01] s; none failed or uncertain", lines[0]
    )
    tally = deliver(app)  # the attempt ends at its deadline: tried again in a minute
    assert (tally.retry, tally.sent) == (1, 0)
    time.sleep(2.1)
    answer = health(app)
    assert answer.pop("oldest_unsent_seconds") >= 2
    assert answer == {"status": "ok", "queued": 1, "uncertain": 0, "failed": 0}
    code, lines = check(app, "--max-age", "1s")
    assert code == CHECK_LATE == 4
    assert len(lines) == 1 and lines[0].startswith("LATE: a contact request has waited ")
    assert "unsent (more than 1 s): is the sender running" in lines[0]
    assert check(app)[0] == 0  # the default: 15 minutes

    # The mail server answers again: the next pass sends it, and mail is on time.
    app.config["MAIL_PORT"] = smtp.port
    assert "1 sent" in app.test_cli_runner().invoke(args=["outbox", "send"]).output
    assert health(app) == HEALTHY
    assert check(app, "--max-age", "1s") == (0, [ALL_CLEAR])


def test_failed_and_uncertain_requests_wait_for_an_operator(smtp, tmp_path):
    app = create_app(
        contact_config(smtp, tmp_path, OUTBOX_MAX_ATTEMPTS=1, MAIL_TIMEOUT=1, MAIL_DEADLINE=1.5)
    )
    client = app.test_client()
    smtp.stop()  # refused: with one attempt allowed, the request fails
    assert post_contact(client).status_code == 303
    assert deliver(app).failed == 1
    smtp.start()
    smtp.tarpit("reply", 0.3)  # the message is taken and its reply trickles: uncertain
    assert post_contact(client, {**VALID, "name": "Stalled"}).status_code == 303
    assert deliver(app).uncertain == 1
    assert [row.status for row in stored(app)] == ["failed", "uncertain"]
    assert health(app) == {**HEALTHY, "uncertain": 1, "failed": 1}
    code, lines = check(app, "--max-age", "1s")
    assert code == CHECK_SETTLE == 5
    assert lines == [
        "SETTLE: 1 failed and 1 uncertain contact request(s) wait for an operator"
        " (outbox list; requeue, resend ID or mark-sent ID)"
    ]
    # Late as well: both lines, and the exit code of lateness, the first found.
    open_rows = app.test_cli_runner().invoke(args=["outbox", "requeue"])
    assert "1 queued again" in open_rows.output
    smtp.stop()
    time.sleep(1.1)
    code, lines = check(app, "--max-age", "1s")
    assert code == CHECK_LATE
    assert [line.split(":")[0] for line in lines] == ["LATE", "SETTLE"]
    assert lines[1].startswith("SETTLE: 0 failed and 1 uncertain")
    # The operator finds the mail arrived: the row is settled, and only an uncertain one can be.
    uncertain = stored(app)[1].id
    runner = app.test_cli_runner()
    done = runner.invoke(args=["outbox", "mark-sent", str(uncertain)])
    assert done.exit_code == 0 and f"row {uncertain} marked sent" in done.output
    assert stored(app)[1].status == "sent"
    again = runner.invoke(args=["outbox", "resend", str(uncertain)])
    assert again.exit_code == 1 and "is not uncertain" in again.output
    assert len(smtp.messages) == 1  # the one taken before its reply stalled; none since


def test_an_outbox_that_cannot_be_opened_and_a_wrong_age_have_codes_of_their_own(tmp_path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    app = create_app(contact_config(SmtpServer(), tmp_path, OUTBOX_PATH=str(folder)))
    code, lines = check(app)
    assert code == CHECK_UNAVAILABLE == 3
    assert len(lines) == 1 and lines[0].startswith("UNAVAILABLE: the outbox cannot be opened: ")
    code, lines = check(app, "--max-age", "soon")
    assert code == 2  # click's, for a wrong option
    assert "'soon' is not a duration such as 90s, 15m or 2h" in lines[-1]


def write_by_hand(app, statement: str, *args) -> None:
    """What an operator's sqlite3 session (or a bad restore) leaves in the outbox."""
    with closing(sqlite3.connect(app.config["OUTBOX_PATH"])) as db, db:
        db.execute(statement, args)


# A created_at that is not a time: an integer (SQLite keeps it as the text "12", which sorts
# before every real time), words, an empty text, a date that does not exist, a blob.
UNREADABLE = [12, "soon", "", "2026-13-45T00:00:00+00:00", b"\x00"]


@pytest.mark.parametrize("created_at", UNREADABLE, ids=repr)
def test_a_row_whose_time_is_unreadable_is_named_and_breaks_no_answer(tmp_path, created_at):
    app = create_app(contact_config(SmtpServer(), tmp_path))
    client = app.test_client()
    for name in ("Ana", "Bea"):
        assert post_contact(client, {**VALID, "name": name}).status_code == 303
    ana, bea = stored(app)
    write_by_hand(app, "UPDATE outbox SET created_at = ? WHERE id = ?", created_at, ana.id)
    write_by_hand(app, "UPDATE outbox SET created_at = ? WHERE id = ?", "2000-01-01", bea.id)

    answer = health(app)  # 200, not 500: the site takes posts
    assert answer["queued"] == 2 and answer["oldest_unsent_seconds"] > 20 * 365 * 86400
    assert "unreadable" not in answer
    code, lines = check(app, "--max-age", "1d")
    assert code == CHECK_LATE  # the first problem's code: Bea's request is late
    assert [line.split(":")[0] for line in lines] == ["LATE", "UNREADABLE"]
    assert lines[1].startswith(f"UNREADABLE: contact request(s) {ana.id} not sent yet ")
    assert not any("Traceback" in line or "Error" in line for line in lines)
    # Alone, it is the one problem: the check says so with its own code.
    write_by_hand(app, "DELETE FROM outbox WHERE id = ?", bea.id)
    assert health(app)["oldest_unsent_seconds"] is None
    code, lines = check(app)
    assert code == CHECK_UNREADABLE == 6 and len(lines) == 1
