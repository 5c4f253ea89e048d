"""The `railhead move` case of test_cli.py on a changed position, shared with
tests/serve/test_verdicts.py, which starts a referee on the same position."""

BAD_DATE = {"date": "1913-05"}  # the sample's state with these keys: a month the calendar lacks (3.6)
BAD_DATE_MOVE = ("GE-1ID", "E5016")
