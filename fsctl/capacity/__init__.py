"""capacity-scheduler.xml: reader (with Hadoop's load-time validation), capacity values, writer."""
