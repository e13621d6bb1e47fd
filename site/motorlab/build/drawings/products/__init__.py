"""The four products as they ship: each case study's hero and its three screens, with the
interface's words in each language (drawn once per language, motorlab.build.drawings).

Names, codes and figures that a real screen would hold (a VIN, a plate, a time) are data,
not text to translate; every label is a lazy gettext string, set when the drawing is made.
"""

from motorlab.build.drawings.products import ads, kuzu, vc, viewbox

# The file of each drawing (under static/img, "{locale}" naming its language) and its maker.
DRAWINGS = {
    "projects/ads.{locale}.svg": ads.ads,
    "projects/ads/work-order.{locale}.svg": ads.ads_work_order,
    "projects/ads/planning.{locale}.svg": ads.ads_planning,
    "projects/ads/history.{locale}.svg": ads.ads_history,
    "projects/kuzu.{locale}.svg": kuzu.kuzu,
    "projects/kuzu/scan.{locale}.svg": kuzu.kuzu_scan,
    "projects/kuzu/report.{locale}.svg": kuzu.kuzu_report,
    "projects/kuzu/fault.{locale}.svg": kuzu.kuzu_fault,
    "projects/vc.{locale}.svg": vc.vc,
    "projects/vc/configurator.{locale}.svg": vc.vc_configurator,
    "projects/vc/dealers.{locale}.svg": vc.vc_dealers,
    "projects/vc/booking.{locale}.svg": vc.vc_booking,
    "projects/viewbox.{locale}.svg": viewbox.viewbox,
    "projects/viewbox/templates.{locale}.svg": viewbox.viewbox_templates,
    "projects/viewbox/approval.{locale}.svg": viewbox.viewbox_approval,
    "projects/viewbox/published.{locale}.svg": viewbox.viewbox_published,
}
