package dev.fsctl.oracle;

import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The command line of {@code oracle/run VERB FILE [--option value] [--flag]} as a request. */
final class Args {
  /** Options that take no value. */
  private static final Set<String> FLAGS = new TreeSet<>(Arrays.asList(
      "percentage", "rules-to-file", "no-terminal-rule-check", "skip-verification",
      "skip-convert-placement-rules", "enable-async-scheduler", "dry-run"));
  private static final Set<String> VALUES = new TreeSet<>(Arrays.asList(
      "yarn-site", "cluster", "demand", "rules", "user", "groups", "queue", "name",
      "disable-preemption", "output-directory", "state"));

  private Args() {
  }

  static Map<String, Object> toRequest(String[] argv) throws Exception {
    Map<String, Object> request = new LinkedHashMap<>();
    request.put("verb", argv[0]);
    List<String> positional = new ArrayList<>();
    for (int i = 1; i < argv.length; i++) {
      String arg = argv[i];
      if (!arg.startsWith("--") && !arg.equals("-o")) {
        positional.add(arg);
        continue;
      }
      // fs2cs's own short form, as `yarn fs2cs ... -o DIR` is typed
      String name = arg.equals("-o") ? "output-directory" : arg.substring(2);
      if (FLAGS.contains(name)) {
        request.put(name.replace('-', '_'), true);
      } else if (VALUES.contains(name)) {
        if (i + 1 >= argv.length) {
          throw new IllegalArgumentException(arg + " needs a value");
        }
        request.put(name.replace('-', '_'), argv[++i]);
      } else {
        throw new IllegalArgumentException("unknown option " + arg);
      }
    }
    if (positional.size() > 1) {
      throw new IllegalArgumentException("one file only, got " + positional);
    }
    if (!positional.isEmpty()) {
      request.put("file", positional.get(0));
    }
    if (request.get("groups") != null) {
      request.put("groups", Arrays.asList(request.get("groups").toString().split(",")));
    }
    if (request.get("demand") != null) {
      request.put("demand", Demand.read(new File(request.get("demand").toString())));
    }
    return request;
  }

  /** The queues of a demand snapshot in JSON (fsctl's tests send YAML already as JSON). */
  static final class Demand {
    private Demand() {
    }

    static Object read(File file) throws Exception {
      byte[] bytes = Files.readAllBytes(file.toPath());
      @SuppressWarnings("unchecked")
      Map<String, Object> doc = new com.fasterxml.jackson.databind.ObjectMapper().readValue(bytes, Map.class);
      return doc.get("queues");
    }
  }
}
