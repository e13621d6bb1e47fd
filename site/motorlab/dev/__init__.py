"""Development only: `make run`'s runner, catalogs reloaded on edit, the local mail sink."""
