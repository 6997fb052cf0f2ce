"""Hadoop's share arithmetic on the queue tree: fair shares, DRF, FIFO, starvation, capacities.

Every module here is a pure function of (tree, cluster resource, demand snapshot); nothing prints.
"""
