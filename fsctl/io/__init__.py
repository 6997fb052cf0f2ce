"""Input and output below the formats: safe XML and YAML loading, files and atomic writes, inline
suppression comments, data-file locations, and format detection (:mod:`fsctl.io.loader`)."""
