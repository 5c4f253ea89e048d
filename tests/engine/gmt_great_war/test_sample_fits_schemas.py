"""The sample map and position this ruleset writes fit the project's JSON Schemas (contracts §2, §4)."""

import json

from gmt_helpers import RS

from railhead.engine.rulesets.gmt_great_war.sample import sample_map, sample_state
from railhead.mapdata.io import mapdata_document
from railhead.schemas import problems


def test_sample_state_fits_the_state_schema():
    assert problems(json.loads(json.dumps(sample_state())), "state") == []


def test_sample_map_fits_the_mapdata_schema():
    doc = json.loads(json.dumps(mapdata_document(sample_map(RS.data))))
    assert problems(doc, "mapdata") == []
