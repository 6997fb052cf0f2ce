"""``fsctl generate``: scheduler configurations from percentage-ratio files and a cluster size.

``ratios`` reads and checks the ratio file, ``fair`` and ``capacity`` build each target's values,
``text`` writes them, ``render`` runs a user's jinja2 ``--template`` instead, ``output`` ties them
together and validates the result.
"""
