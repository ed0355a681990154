"""The files Vicaire reads and writes for people and programs: match files, CSV sheets,
JSON reports, exports, fault reports, and the atomic write they share."""
