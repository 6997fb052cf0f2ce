"""``fsctl generate``: scheduler configurations from percentage-ratio files and a cluster size.

``ratios`` reads and checks the ratio file, ``fair`` and ``capacity`` build each target's values,
``render`` runs the jinja2 templates, ``output`` ties them together and validates the result.
"""
