"""Build-time code: what `make setup` and `make prod-setup` run to make the site's generated
files before it serves them (the drawings and the icons: motorlab.build.pictures). The running
app never imports this package, nor fontTools (tests/integration/test_build_stays_out.py)."""
