"""The web server behind `vicaire serve`."""
