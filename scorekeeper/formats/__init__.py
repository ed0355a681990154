"""The files Vicaire reads and writes for people and programs: match files, CSV sheets,
JSON reports, exports, and the atomic write they share."""
