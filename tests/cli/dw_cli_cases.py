"""The bad-argument cases of test_engine_commands.py, shared with tests/serve/test_verdicts.py, which
asks the `move` ones over HTTP."""

BAD_ARGUMENTS = [  # (railhead arguments, message on stderr): exit 2
    (("move", "{map}", "{state}", "XX-99", "1502"), "unknown unit 'XX-99'"),
    (("move", "{map}", "{state}", "GE-1", "9999"), "unknown hex id '9999'"),
    (("move", "{map}", "{state}", "GE-1", "1602"), "the path has a gap"),
    (("reach", "{map}", "{state}", "GE-1", "--mode", "warp"), "Invalid value for '--mode'"),
    (("supply", "{map}", "{state}", "--side", "martians"), "unknown side 'martians'"),
]
