"""Reviewing a digitized map: a person corrects it by clicking on the scan (``railhead review``).

:mod:`.session` holds one review (the scan read once, the classifier re-run on the labels so far);
:mod:`.edits` the labels and overrides files it writes; :mod:`.records` what the page is sent.
"""
