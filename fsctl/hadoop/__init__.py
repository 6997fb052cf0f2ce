"""Hadoop itself, below the formats: the Configuration reader (:mod:`fsctl.hadoop.conf`) and Java
numerics and hashing exactly as the JDK computes them."""
