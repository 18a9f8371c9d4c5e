"""Tests of the web server: the JSON API, the pages, and the browser tests."""
