import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def rules():
    from railhead.engine.rulesets.grd_great_war.hooks import RULESET

    return RULESET().capacity_rules
