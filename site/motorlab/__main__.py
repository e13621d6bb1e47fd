"""`python -m motorlab COMMAND`: the operator's and developer's commands in one Flask command
group, with Flask's (`run`, `shell`, `routes`) and the app's (`outbox`, as `flask --app wsgi
outbox`). The build, deploy and development commands need no app, so they run before there is
one (a fresh clone, a release being built) and with the environment file's settings alone."""

from flask.cli import FlaskGroup

from motorlab import create_app_or_exit, releases
from motorlab.build import export
from motorlab.deploy import nginx_config, units
from motorlab.dev import run


class Commands(FlaskGroup):
    def list_commands(self, ctx) -> list[str]:
        """--help lists the commands that need no app when the app refuses to start (the
        refusal's line says why the app's are missing)."""
        try:
            return super().list_commands(ctx)
        except SystemExit:
            return sorted(self.commands)


cli = Commands(create_app=create_app_or_exit, help=__doc__)
for command in (export.command, releases.command, units.command, nginx_config.command, run.command):
    cli.add_command(command)

if __name__ == "__main__":
    cli(prog_name="python -m motorlab")
