package dev.fsctl.oracle;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.security.Groups;
import org.apache.hadoop.util.VersionInfo;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceInformation;
import org.apache.hadoop.yarn.conf.ConfigurationProvider;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.FileSystemBasedConfigurationProvider;
import org.apache.hadoop.yarn.server.resourcemanager.MockNodes;
import org.apache.hadoop.yarn.server.resourcemanager.RMContextImpl;
import org.apache.hadoop.yarn.server.resourcemanager.placement.PlacementManager;
import org.apache.hadoop.yarn.server.resourcemanager.rmnode.RMNode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.QueueMetrics;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueCapacities;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.AllocationConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.ConfigurableResource;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSParentQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairInternals;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.nodelabels.RMNodeLabelsManager;
import org.apache.hadoop.yarn.security.ConfiguredYarnAuthorizer;
import org.apache.hadoop.yarn.security.YarnAuthorizationProvider;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;
import org.apache.hadoop.yarn.util.resource.Resources;

/**
 * Hadoop's own scheduler code answering the questions fsctl answers, as JSON on stdout.
 *
 * <p>Verbs: {@code load}, {@code shares}, {@code fs2cs}, {@code capacity}, {@code place}, and
 * {@code serve} (one JSON request per line on stdin, one JSON answer per line on stdout). Each
 * request builds its schedulers afresh, the way Hadoop's converter does
 * ({@code FSConfigToCSConfigConverter.convert}, {@code ConvertedConfigValidator}); JVM-global
 * metrics are cleared first. A Hadoop exception is an answer ({@code ok: false}, the exception and
 * its causes), never a crash. What is not Hadoop's answer says so with {@code ok: null}: a
 * request past the time limit ({@code timeout}), a verb this Hadoop line does not have
 * ({@code unavailable}), a request the oracle cannot read ({@code bad_request}).
 *
 * <p>What differs between Hadoop release lines lives in {@link Line} (one per line's source
 * directory, pom.xml). Verbs in packages of their own are reached by name ({@link #byName}), so
 * the oracle compiles on the lines whose builds leave those packages out.
 */
public final class Oracle {
  // NaN and infinite floats (a NaN weight) are written as the numbers they are, not as strings
  private static final ObjectMapper JSON = new ObjectMapper()
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
      .disable(JsonGenerator.Feature.QUOTE_NON_NUMERIC_NUMBERS);
  /** How long a request may take unless it says ({@code time_limit}, seconds). */
  private static final long TIME_LIMIT_SECONDS = 60;
  private static final File SCRATCH = scratchDirectory();

  private Oracle() {
  }

  public static void main(String[] argv) throws Exception {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
    // Hadoop prints to System.out in places (fs2cs console mode, warnings): stdout is ours.
    System.setOut(System.err);
    DefaultMetricsSystem.setMiniClusterMode(true);
    if (argv.length == 0) {
      System.err.println("usage: oracle VERB ARGS... (load, shares, fs2cs, capacity, cs-load, place, serve, version, rm)");
      System.exit(2);
    }
    if (argv[0].equals("rm")) {
      // a live ResourceManager (package live, left out of builds for releases without MockRM's web app)
      Class<?> liveRm;
      try {
        liveRm = Class.forName("dev.fsctl.oracle.live.LiveRM");
      } catch (ClassNotFoundException e) {
        System.err.println("oracle: rm (a live ResourceManager) is not available for Hadoop " + VersionInfo.getVersion());
        System.exit(2);
        return;
      }
      liveRm.getMethod("main", String[].class).invoke(null, (Object) Arrays.copyOfRange(argv, 1, argv.length));
      return;
    }
    if (argv[0].equals("serve")) {
      serve(out);
      return;
    }
    Map<String, Object> request;
    try {
      request = Args.toRequest(argv);
    } catch (IllegalArgumentException e) {
      System.err.println("oracle: " + e.getMessage());
      System.exit(2);
      return;
    }
    out.println(JSON.writeValueAsString(answerWithTimeLimit(request)));
    out.flush();
    // Hadoop leaves non-daemon threads behind (metrics, dispatchers): the answer is written.
    System.exit(0);
  }

  private static void serve(PrintStream out) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.trim().isEmpty()) {
        continue;
      }
      Map<String, Object> answer;
      try {
        @SuppressWarnings("unchecked")
        Map<String, Object> request = JSON.readValue(line, Map.class);
        answer = answerWithTimeLimit(request);
      } catch (java.io.IOException e) {
        answer = notAnswered("bad_request", "not a JSON request: " + e.getMessage());
      }
      out.println(JSON.writeValueAsString(answer));
      out.flush();
      if (answer.containsKey("timeout")) {
        // the request's thread may still be running and holds JVM-global scheduler state: no
        // later answer from this JVM could be trusted (the client starts a new one). Halted, not
        // exited: a shutdown hook could wait on the locks that thread holds
        deleteTree(SCRATCH);
        Runtime.getRuntime().halt(3);
      }
    }
    System.exit(0);
  }

  /** One request, on a worker thread with a time limit, so a runaway case cannot hang a sweep. */
  static Map<String, Object> answerWithTimeLimit(Map<String, Object> request) {
    ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "oracle-request");
      t.setDaemon(true);
      return t;
    });
    Object asked = request.get("time_limit");
    double seconds = asked instanceof Number ? ((Number) asked).doubleValue() : TIME_LIMIT_SECONDS;
    try {
      Future<Map<String, Object>> future = worker.submit(() -> answer(request));
      return future.get((long) (seconds * 1000), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return notAnswered("timeout", "no answer within " + seconds + " s");
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof NotAnswered) {
        NotAnswered why = (NotAnswered) e.getCause();
        return notAnswered(why.reason, why.getMessage());
      }
      return failure(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return notAnswered("timeout", "interrupted before an answer");
    } finally {
      worker.shutdownNow();
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> answer(Map<String, Object> request) throws Exception {
    String verb = (String) request.get("verb");
    QueueMetrics.clearQueueMetrics();
    Configuration base = baseConfiguration(str(request, "yarn_site"));
    ResourceUtils.resetResourceTypes(base);
    refreshFixedResources();
    Map<String, Object> answer;
    switch (verb == null ? "" : verb) {
      case "load":
        answer = load(request, base);
        break;
      case "shares":
        answer = FairShares.shares(request, base);
        break;
      case "fs2cs":
        answer = fs2cs(request);
        break;
      case "capacity":
        answer = capacity(request, base);
        break;
      case "place":
        answer = Submissions.answer(request, base);
        break;
      case "cs-load":
        answer = byName("dev.fsctl.oracle.load.CsLoad", request, base);
        break;
      case "refresh":
        answer = byName("dev.fsctl.oracle.Refresh", request, base);
        break;
      case "cs-preempt":
        answer = byName("dev.fsctl.oracle.preempt.PreemptOracle", request, base);
        break;
      case "version":
        answer = new LinkedHashMap<>();
        answer.put("ok", true);
        answer.put("hadoop", VersionInfo.getVersion());
        break;
      default:
        throw new NotAnswered("bad_request", "unknown verb: " + verb);
    }
    answer.putIfAbsent("hadoop", VersionInfo.getVersion());
    return answer;
  }

  /**
   * {@code Resources.none()} and {@code Resources.unbounded()} are JVM-wide singletons that size
   * their values to the resource types known when first made, and re-size only when asked for a
   * type past their end: after a request with other types of the same count, they would answer for
   * the earlier ones (a custom type's unbounded amount read as 0). A ResourceManager knows its types
   * before it makes them; each request here gets them made afresh for its own types. Lines without
   * them (2.10) have nothing to refresh.
   */
  public static void refreshFixedResources() {
    for (Object fixed : new Object[] {Resources.none(), Resources.unbounded()}) {
      for (Class<?> c = fixed.getClass(); c != null; c = c.getSuperclass()) {
        try {
          java.lang.reflect.Method init = c.getDeclaredMethod("initResourceMap");
          init.setAccessible(true);
          init.invoke(fixed);
          break;
        } catch (NoSuchMethodException e) {
          // declared higher up, or not at all
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException("cannot refresh " + fixed, e);
        }
      }
    }
  }

  /**
   * A verb in a package of its own ({@code dev.fsctl.oracle.load}, {@code .preempt}, {@code .live})
   * or a class of its own ({@code Refresh}, whose monitor API 2.10 lacks), found by name: the class has {@code public static Map<String, Object> answer(Map<String,
   * Object> request, Configuration base)}. The builds for lines older than 3.3 leave those packages
   * out (pom.xml, profile before-3.3): there the verb is unavailable, which the answer says.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> byName(String className, Map<String, Object> request, Configuration base)
      throws Exception {
    Class<?> verb;
    try {
      verb = Class.forName(className);
    } catch (ClassNotFoundException e) {
      throw NotAnswered.unavailable(str(request, "verb") + " (" + className + ")");
    }
    try {
      return (Map<String, Object>) verb.getMethod("answer", Map.class, Configuration.class)
          .invoke(null, request, base);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
    }
  }

  // ---------------------------------------------------------------- configuration

  /** yarn-default.xml plus the user's yarn-site.xml; groups come from the request. */
  static Configuration baseConfiguration(String yarnSite) {
    Configuration conf = new YarnConfiguration();
    // the stores a ResourceManager keeps on disk, in this JVM's own directory: by default they sit
    // under /tmp/hadoop-yarn-${user}, shared with every other oracle running on the machine
    conf.set("hadoop.tmp.dir", SCRATCH.getPath());
    // YarnConfiguration.FS_NODE_ATTRIBUTE_STORE_ROOT_DIR (3.2 and later)
    conf.set("yarn.node-attribute.fs-store.root-dir", new File(SCRATCH, "node-attribute").toURI().toString());
    conf.set(YarnConfiguration.FS_NODE_LABELS_STORE_ROOT_DIR, new File(SCRATCH, "node-labels").toURI().toString());
    if (yarnSite != null) {
      conf.addResource(new Path(new File(yarnSite).getAbsolutePath()));
    }
    conf.set("hadoop.security.group.mapping", StaticGroups.class.getName());
    Groups.getUserToGroupsMappingServiceWithLoadedConfiguration(conf);
    return conf;
  }

  /** A FairScheduler initialised as fs2cs initialises it: the real allocation loading and QueueManager. */
  static FairScheduler fairScheduler(Configuration base, String allocationFile) throws Exception {
    Configuration conf = new Configuration(base);
    conf.set(FairSchedulerConfiguration.ALLOCATION_FILE, new File(allocationFile).getAbsolutePath());
    Line.fairSchedulerSettings(conf);
    conf.setClass(YarnConfiguration.YARN_AUTHORIZATION_PROVIDER,
        ConfiguredYarnAuthorizer.class, YarnAuthorizationProvider.class);
    RMContextImpl ctx = new RMContextImpl();
    ctx.setQueuePlacementManager(new PlacementManager());
    FairScheduler fs = new FairScheduler();
    fs.setRMContext(ctx);
    fs.init(conf);
    return fs;
  }

  /**
   * A CapacityScheduler booted as {@code ConvertedConfigValidator} boots fs2cs's output: the file is
   * read through a {@code FileSystemBasedConfigurationProvider} from a directory where it is named
   * capacity-scheduler.xml, as the ResourceManager reads it.
   */
  public static CapacityScheduler capacityScheduler(Configuration base, String csFile) throws Exception {
    File dir = Files.createTempDirectory("fsctl-oracle-cs").toFile();
    try {
      Files.copy(new File(csFile).toPath(), new File(dir, "capacity-scheduler.xml").toPath());
      // as the ResourceManager builds it (FileBasedCSConfigurationProvider.loadConfiguration): the
      // RM's configuration, yarn-site.xml included, with capacity-scheduler.xml on top.
      // (ConvertedConfigValidator starts from an empty one and so misses yarn-site settings such as
      // yarn.scheduler.capacity.resource-calculator, which fs2cs itself writes there.)
      Configuration siteConf = new YarnConfiguration(base);
      ConfDirOnClasspath.install(siteConf, new File(csFile));
      CapacitySchedulerConfiguration csConfig = new CapacitySchedulerConfiguration(siteConf, false);
      csConfig.addResource(new Path(new File(dir, "capacity-scheduler.xml").getAbsolutePath()));
      siteConf.set(YarnConfiguration.FS_BASED_RM_CONF_STORE, dir.getAbsolutePath());
      RMContextImpl rmContext = new RMContextImpl();
      ConfigurationProvider provider = new FileSystemBasedConfigurationProvider();
      provider.init(siteConf);
      rmContext.setConfigurationProvider(provider);
      rmContext.setQueuePlacementManager(new PlacementManager());
      RMNodeLabelsManager mgr = new RMNodeLabelsManager();
      mgr.init(siteConf);
      rmContext.setNodeLabelManager(mgr);
      CapacityScheduler cs = new CapacityScheduler();
      cs.setConf(siteConf);
      cs.setRMContext(rmContext);
      // the scheduling monitors fs2cs turns on (queue auto-deletion, auto-refresh) look it up
      rmContext.setScheduler(cs);
      cs.serviceInit(csConfig);
      cs.serviceStart();
      return cs;
    } finally {
      deleteTree(dir);
    }
  }

  // ---------------------------------------------------------------- load

  static Map<String, Object> load(Map<String, Object> request, Configuration base) throws Exception {
    FairScheduler fs;
    try {
      fs = fairScheduler(base, str(request, "file"));
    } catch (Exception e) {
      return failure(e);
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", true);
    answer.put("error", null);
    AllocationConfiguration alloc = fs.getAllocationConfiguration();
    Map<String, Object> queues = new LinkedHashMap<>();
    describeFairQueues(fs.getQueueManager().getRootQueue(), alloc, queues);
    answer.put("queues", queues);
    answer.put("placement", Line.fairPlacementRules(fs));
    Map<String, Object> defaults = new LinkedHashMap<>();
    Line.describeFairDefaults(alloc, defaults);
    defaults.put("defaultQueueSchedulingPolicy", alloc.getDefaultSchedulingPolicy().getName());
    answer.put("defaults", defaults);
    fs.stop();
    return answer;
  }

  static void describeFairQueues(FSQueue queue, AllocationConfiguration alloc, Map<String, Object> out) {
    Map<String, Object> q = new LinkedHashMap<>();
    String name = queue.getName();
    q.put("type", queue instanceof FSParentQueue ? "parent" : "leaf");
    // FSQueue.isDynamic: 3.2 and later (YARN-8191)
    Compat.ifPresent(queue, "isDynamic", value -> q.put("dynamic", value));
    q.put("policy", queue.getPolicy().getName());
    q.put("weight", Line.weight(queue));
    q.put("minResources", resource(queue.getMinShare()));
    q.put("maxResources", configurable(Line.maxResources(queue)));
    q.put("maxChildResources", configurable(queue.getMaxChildQueueResource()));
    q.put("maxRunningApps", queue.getMaxRunningApps());
    q.put("maxAMShare", FairInternals.maxAMShare(queue));
    // FSQueue.getMaximumContainerAllocation: 3.2 and later (YARN-8468)
    Compat.ifPresent(queue, "getMaximumContainerAllocation", value -> q.put("maxContainerAllocation",
        resource((Resource) value)));
    q.put("minSharePreemptionTimeout", alloc.getMinSharePreemptionTimeout(name));
    q.put("fairSharePreemptionTimeout", alloc.getFairSharePreemptionTimeout(name));
    q.put("fairSharePreemptionThreshold", alloc.getFairSharePreemptionThreshold(name));
    q.put("allowPreemptionFrom", alloc.isPreemptable(name));
    q.put("reservation", alloc.isReservable(name));
    out.put(name, q);
    for (FSQueue child : queue.getChildQueues()) {
      describeFairQueues(child, alloc, out);
    }
  }

  // ---------------------------------------------------------------- fs2cs

  static Map<String, Object> fs2cs(Map<String, Object> request) throws Exception {
    File work = Files.createTempDirectory("fsctl-oracle-fs2cs").toFile();
    try {
      // --output-directory keeps fs2cs's files there, as `yarn fs2cs -o DIR` does
      File out = str(request, "output_directory") != null
          ? new File(str(request, "output_directory")) : new File(work, "out");
      String yarnSite = str(request, "yarn_site");
      if (yarnSite == null) {
        File empty = new File(work, "yarn-site.xml");
        Files.write(empty.toPath(), "<configuration/>\n".getBytes(StandardCharsets.UTF_8));
        yarnSite = empty.getPath();
      }
      // absolute paths: fs2cs looks a relative allocation file up on the class path
      List<String> args = new ArrayList<>(Arrays.asList("-y", absolute(yarnSite),
          "-f", absolute(str(request, "file")), "-o", out.getAbsolutePath()));
      if (str(request, "cluster") != null) {
        args.add("-c");
        args.add(str(request, "cluster"));
      }
      if (str(request, "rules") != null) {
        args.add("-r");
        args.add(absolute(str(request, "rules")));
      }
      for (String flag : new String[] {"percentage", "rules-to-file", "no-terminal-rule-check",
          "skip-verification", "skip-convert-placement-rules", "enable-async-scheduler", "dry-run"}) {
        if (Boolean.TRUE.equals(request.get(flag.replace('-', '_')))) {
          args.add("--" + flag);
        }
      }
      if (str(request, "disable_preemption") != null) {
        args.add("-dp");
        args.add(str(request, "disable_preemption"));
      }
      out.mkdirs();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      PrintStream previousErr = System.err;
      int exit;
      Map<String, Object> answer = new LinkedHashMap<>();
      try (PrintStream capture = new PrintStream(err, true, "UTF-8")) {
        System.setErr(capture);
        exit = Line.fs2cs(args.toArray(new String[0]));
      } catch (NotAnswered e) {
        throw e;
      } catch (Exception e) {
        exit = -1;
        answer.put("error", error(e));
      } finally {
        System.setErr(previousErr);
      }
      answer.put("ok", exit == 0);
      answer.put("exit", exit);
      List<String> messages = new ArrayList<>();
      for (String line : new String(err.toByteArray(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.trim().isEmpty()) {
          messages.add(line);
        }
      }
      answer.put("messages", messages);
      if (str(request, "output_directory") != null) {
        return answer;  // the files are where the user asked, as with `yarn fs2cs -o DIR`
      }
      answer.put("capacity-scheduler", properties(new File(out, "capacity-scheduler.xml")));
      answer.put("yarn-site", properties(new File(out, "yarn-site.xml")));
      File rules = new File(out, "mapping-rules.json");
      answer.put("mapping-rules", rules.exists() ? JSON.readTree(rules) : null);
      return answer;
    } finally {
      deleteTree(work);
    }
  }

  /** name to raw value, as written by Configuration.writeXml; null when the file is absent. */
  static Map<String, Object> properties(File file) {
    // fs2cs opens its outputs before converting: a failed run leaves them empty
    if (!file.exists() || file.length() == 0) {
      return null;
    }
    Configuration conf = new Configuration(false);
    conf.addResource(new Path(file.getAbsolutePath()));
    Map<String, Object> props = new java.util.TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      props.put(e.getKey(), conf.getRaw(e.getKey()));
    }
    return props;
  }

  // ---------------------------------------------------------------- capacity

  static Map<String, Object> capacity(Map<String, Object> request, Configuration base) throws Exception {
    CapacityScheduler cs;
    try {
      cs = capacityScheduler(base, str(request, "file"));
    } catch (Exception e) {
      return failure(e);
    }
    try {
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("ok", true);
      answer.put("error", null);
      String clusterSpec = str(request, "cluster");
      if (clusterSpec != null) {
        Resource cluster = parseResource(clusterSpec);
        RMNode node = MockNodes.newNodeInfo(1, cluster, 1, "127.0.0.1");
        cs.handle(new NodeAddedSchedulerEvent(node));
        answer.put("cluster", resource(cs.getClusterResource()));
      }
      List<Object> queues = new ArrayList<>();
      describeCapacityQueues(cs.getRootQueue(), queues);
      answer.put("queues", queues);
      return answer;
    } finally {
      cs.serviceStop();
    }
  }

  static void describeCapacityQueues(CSQueue queue, List<Object> out) {
    Map<String, Object> q = new LinkedHashMap<>();
    q.put("path", queue.getQueuePath());
    q.put("parent", queue.getParent() == null ? null : queue.getParent().getQueuePath());
    List<CSQueue> children = queue.getChildQueues();
    q.put("leaf", Compat.isLeaf(queue));
    QueueCapacities caps = queue.getQueueCapacities();
    // fsctl reports percentages; Hadoop keeps fractions
    q.put("capacity", caps.getCapacity() * 100);
    q.put("absolute_capacity", caps.getAbsoluteCapacity() * 100);
    q.put("maximum_capacity", caps.getMaximumCapacity() * 100);
    q.put("absolute_maximum_capacity", caps.getAbsoluteMaximumCapacity() * 100);
    q.put("weight", Compat.weight(caps));
    Line.describeEffectiveResources(queue, q);
    q.put("state", String.valueOf(queue.getState()));
    out.add(q);
    if (children != null) {
      for (CSQueue child : children) {
        describeCapacityQueues(child, out);
      }
    }
  }

  // ---------------------------------------------------------------- JSON helpers

  /**
   * A resource of the request (the cluster, a demand): {@code memory-mb=1024, vcores=2,
   * yarn.io/gpu=1} or {@code 1024 mb, 2 vcores}; a type it does not name is 0. The oracle's own
   * format, read alike on every line (the allocation file parsers of the lines differ).
   */
  static Resource parseResource(String spec) throws NotAnswered {
    Resource r = Resource.newInstance(0, 0);
    try {
      for (String part : spec.split(",")) {
        String item = part.trim();
        int eq = item.indexOf('=');
        String[] words = item.split("\\s+");
        if (eq >= 0) {
          r.setResourceValue(item.substring(0, eq).trim(), Long.parseLong(item.substring(eq + 1).trim()));
        } else if (words.length == 2 && words[1].equalsIgnoreCase("mb")) {
          r.setMemorySize(Long.parseLong(words[0]));
        } else if (words.length == 2 && words[1].equalsIgnoreCase("vcores")) {
          r.setVirtualCores(Integer.parseInt(words[0]));
        } else if (!item.isEmpty()) {
          throw new IllegalArgumentException(item);
        }
      }
    } catch (RuntimeException e) {
      throw new NotAnswered("bad_request", "not a resource: " + spec + " (" + e + ")");
    }
    return r;
  }

  static Map<String, Object> resource(Resource r) {
    if (r == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    // every value as Hadoop holds it: Integer.MAX_VALUE (a saturated vcores), Long.MAX_VALUE
    // (unbounded) and -1 (an int cast of Long.MAX_VALUE) are answers too
    for (ResourceInformation info : r.getResources()) {
      m.put(info.getName(), info.getValue());
    }
    return m;
  }

  /** An absolute vector, or Hadoop's percentages of the cluster, as the file gave it. */
  static Object configurable(ConfigurableResource c) {
    if (c == null) {
      return null;
    }
    double[] pct = Line.percentages(c);
    if (pct != null) {
      List<Double> out = new ArrayList<>();
      for (double p : pct) {
        out.add(p);
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("percentages", out);
      return m;
    }
    return resource(c.getResource());
  }

  /** Hadoop's refusal: {@code ok: false} with the exception. */
  static Map<String, Object> failure(Throwable e) {
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", false);
    answer.put("error", error(e));
    return answer;
  }

  /** An answer that is not Hadoop's: {@code ok: null} and why ({@code timeout}, ...). */
  static Map<String, Object> notAnswered(String reason, String message) {
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", null);
    answer.put(reason, true);
    answer.put("message", message);
    answer.put("hadoop", VersionInfo.getVersion());
    return answer;
  }

  /**
   * The exception Hadoop threw, named by its innermost cause ({@code class}, {@code message}: what
   * went wrong, where FairScheduler wraps it in "Failed to initialize FairScheduler") with the
   * whole chain from the outermost exception in, each {@code class} and {@code message}.
   */
  static Map<String, Object> error(Throwable e) {
    List<Object> chain = new ArrayList<>();
    Throwable root = e;
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      Map<String, Object> link = new LinkedHashMap<>();
      link.put("class", t.getClass().getName());
      link.put("message", t.getMessage());
      chain.add(link);
      root = t;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("class", root.getClass().getName());
    m.put("message", root.getMessage());
    m.put("chain", chain);
    return m;
  }

  static String str(Map<String, Object> request, String key) {
    Object v = request.get(key);
    return v == null ? null : v.toString();
  }

  static String absolute(String path) {
    return new File(path).getAbsolutePath();
  }

  private static File scratchDirectory() {
    try {
      File dir = Files.createTempDirectory("fsctl-oracle-rm").toFile();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
      return dir;
    } catch (java.io.IOException e) {
      throw new IllegalStateException("no temporary directory for the oracle", e);
    }
  }

  static void deleteTree(File f) {
    File[] children = f.listFiles();
    if (children != null) {
      for (File c : children) {
        deleteTree(c);
      }
    }
    f.delete();
  }
}
