"""Input and output below the formats: safe XML and YAML loading, files and atomic writes, inline
suppression comments, data-file locations, format detection (:mod:`fsctl.io.loader`) and the demand
snapshot of ``simulate --demand`` (:mod:`fsctl.io.demand`)."""
