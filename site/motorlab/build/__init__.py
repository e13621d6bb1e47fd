"""Build time: the drawings, icons and font subset `make` writes, and the static export. The
running app never imports this package nor fontTools (tests/integration/test_build_stays_out.py)."""
