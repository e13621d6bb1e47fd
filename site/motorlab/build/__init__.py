"""Build time: what `make setup` and `make prod-setup` run to make the site's generated files
before it serves them (the drawings and the icons: motorlab.build.pictures; the font subset),
and the static export. The running app never imports this package, nor fontTools
(tests/integration/test_build_stays_out.py)."""
