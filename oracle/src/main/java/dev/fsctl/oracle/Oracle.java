package dev.fsctl.oracle;

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
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceInformation;
import org.apache.hadoop.yarn.conf.ConfigurationProvider;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.FileSystemBasedConfigurationProvider;
import org.apache.hadoop.yarn.server.resourcemanager.MockNodes;
import org.apache.hadoop.yarn.server.resourcemanager.RMContextImpl;
import org.apache.hadoop.yarn.server.resourcemanager.placement.ApplicationPlacementContext;
import org.apache.hadoop.yarn.server.resourcemanager.placement.PlacementManager;
import org.apache.hadoop.yarn.server.resourcemanager.placement.PlacementRule;
import org.apache.hadoop.yarn.server.resourcemanager.rmnode.RMNode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.QueueMetrics;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueCapacities;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.AllocationConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.ConfigurableResource;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSLeafQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSParentQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.converter.Fs2csEntry;
import org.apache.hadoop.yarn.server.resourcemanager.nodelabels.RMNodeLabelsManager;
import org.apache.hadoop.yarn.security.ConfiguredYarnAuthorizer;
import org.apache.hadoop.yarn.security.YarnAuthorizationProvider;
import org.apache.hadoop.yarn.util.Records;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;

/**
 * Hadoop's own scheduler code answering the questions fsctl answers, as JSON on stdout.
 *
 * <p>Verbs: {@code load}, {@code shares}, {@code fs2cs}, {@code capacity}, {@code place}, and
 * {@code serve} (one JSON request per line on stdin, one JSON answer per line on stdout). Each
 * request builds its schedulers afresh, the way Hadoop's converter does
 * ({@code FSConfigToCSConfigConverter.convert}, {@code ConvertedConfigValidator}); JVM-global
 * metrics are cleared first. A Hadoop exception is an answer ({@code ok: false}), never a crash.
 */
public final class Oracle {
  private static final ObjectMapper JSON =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
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
      System.err.println("usage: oracle VERB ARGS... (load, shares, fs2cs, capacity, cs-load, place, serve, version)");
      System.exit(2);
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
      } catch (Exception e) {
        answer = failure(e);
      }
      out.println(JSON.writeValueAsString(answer));
      out.flush();
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
    try {
      Future<Map<String, Object>> future = worker.submit(() -> answer(request));
      return future.get(TIME_LIMIT_SECONDS, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("ok", false);
      answer.put("error", error("TimeoutException", "no answer within " + TIME_LIMIT_SECONDS + " s"));
      return answer;
    } catch (Exception e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      return failure(cause);
    } finally {
      worker.shutdownNow();
    }
  }

  static Map<String, Object> answer(Map<String, Object> request) throws Exception {
    String verb = (String) request.get("verb");
    QueueMetrics.clearQueueMetrics();
    Configuration base = baseConfiguration(str(request, "yarn_site"));
    ResourceUtils.resetResourceTypes(base);
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
        answer = place(request, base);
        break;
      case "cs-load":
        answer = byName("dev.fsctl.oracle.load.CsLoad", request, base);
        break;
      case "version":
        answer = new LinkedHashMap<>();
        answer.put("ok", true);
        answer.put("hadoop", VersionInfo.getVersion());
        break;
      default:
        throw new IllegalArgumentException("unknown verb: " + verb);
    }
    answer.putIfAbsent("hadoop", VersionInfo.getVersion());
    return answer;
  }

  /**
   * A verb in a package of its own, found by name: the oracle still compiles where that package is
   * left out (Hadoop lines whose API it does not build against).
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> byName(String className, Map<String, Object> request, Configuration base)
      throws Exception {
    Class<?> verb = Class.forName(className);
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
    conf.set(YarnConfiguration.FS_NODE_ATTRIBUTE_STORE_ROOT_DIR, new File(SCRATCH, "node-attribute").toURI().toString());
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
    conf.setBoolean(FairSchedulerConfiguration.MIGRATION_MODE, true);
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
  static CapacityScheduler capacityScheduler(Configuration base, String csFile) throws Exception {
    File dir = Files.createTempDirectory("fsctl-oracle-cs").toFile();
    try {
      Files.copy(new File(csFile).toPath(), new File(dir, "capacity-scheduler.xml").toPath());
      // as the ResourceManager builds it (FileBasedCSConfigurationProvider.loadConfiguration): the
      // RM's configuration, yarn-site.xml included, with capacity-scheduler.xml on top.
      // (ConvertedConfigValidator starts from an empty one and so misses yarn-site settings such as
      // yarn.scheduler.capacity.resource-calculator, which fs2cs itself writes there.)
      Configuration siteConf = new YarnConfiguration(base);
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
      return failure(rootCause(e));
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", true);
    answer.put("error", null);
    AllocationConfiguration alloc = fs.getAllocationConfiguration();
    Map<String, Object> queues = new LinkedHashMap<>();
    describeFairQueues(fs.getQueueManager().getRootQueue(), alloc, queues);
    answer.put("queues", queues);
    answer.put("placement", placementRules(fs.getRMContext().getQueuePlacementManager()));
    Map<String, Object> defaults = new LinkedHashMap<>();
    defaults.put("queueMaxAppsDefault", alloc.getQueueMaxAppsDefault());
    defaults.put("userMaxAppsDefault", alloc.getUserMaxAppsDefault());
    defaults.put("queueMaxAMShareDefault", alloc.getQueueMaxAMShareDefault());
    defaults.put("defaultQueueSchedulingPolicy", alloc.getDefaultSchedulingPolicy().getName());
    defaults.put("userMaxApps", alloc.getUserMaxApps());
    answer.put("defaults", defaults);
    fs.stop();
    return answer;
  }

  static void describeFairQueues(FSQueue queue, AllocationConfiguration alloc, Map<String, Object> out) {
    Map<String, Object> q = new LinkedHashMap<>();
    String name = queue.getName();
    q.put("type", queue instanceof FSParentQueue ? "parent" : "leaf");
    q.put("dynamic", queue.isDynamic());
    q.put("policy", queue.getPolicy().getName());
    q.put("weight", queue.getWeight());
    q.put("minResources", resource(queue.getMinShare()));
    q.put("maxResources", configurable(queue.getRawMaxShare()));
    q.put("maxChildResources", configurable(queue.getMaxChildQueueResource()));
    q.put("maxRunningApps", queue.getMaxRunningApps());
    q.put("maxAMShare", queue.getMaxAMShare());
    q.put("maxContainerAllocation", resource(queue.getMaximumContainerAllocation()));
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

  static List<Object> placementRules(PlacementManager pm) {
    List<Object> rules = new ArrayList<>();
    if (pm.getPlacementRules() == null) {
      return rules;
    }
    for (PlacementRule rule : pm.getPlacementRules()) {
      rules.add(describeRule(rule));
    }
    return rules;
  }

  static Map<String, Object> describeRule(PlacementRule rule) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("class", rule.getClass().getSimpleName());
    if (rule instanceof org.apache.hadoop.yarn.server.resourcemanager.placement.FSPlacementRule) {
      org.apache.hadoop.yarn.server.resourcemanager.placement.FSPlacementRule fsRule =
          (org.apache.hadoop.yarn.server.resourcemanager.placement.FSPlacementRule) rule;
      r.put("create", fsRule.getCreateFlag());
      if (fsRule.getParentRule() != null) {
        r.put("parent", describeRule(fsRule.getParentRule()));
      }
    }
    return r;
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
        exit = Fs2csEntry.run(args.toArray(new String[0]));
      } catch (Exception e) {
        exit = -1;
        answer.put("error", error(rootCause(e)));
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
      return failure(rootCause(e));
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
    q.put("leaf", isLeaf(queue));
    QueueCapacities caps = queue.getQueueCapacities();
    // fsctl reports percentages; Hadoop keeps fractions
    q.put("capacity", caps.getCapacity() * 100);
    q.put("absolute_capacity", caps.getAbsoluteCapacity() * 100);
    q.put("maximum_capacity", caps.getMaximumCapacity() * 100);
    q.put("absolute_maximum_capacity", caps.getAbsoluteMaximumCapacity() * 100);
    q.put("weight", Compat.weight(caps));
    q.put("guaranteed", resource(queue.getQueueResourceQuotas().getEffectiveMinResource()));
    q.put("maximum", resource(queue.getQueueResourceQuotas().getEffectiveMaxResource()));
    q.put("state", String.valueOf(queue.getState()));
    out.add(q);
    if (children != null) {
      for (CSQueue child : children) {
        describeCapacityQueues(child, out);
      }
    }
  }

  // ---------------------------------------------------------------- place

  static Map<String, Object> place(Map<String, Object> request, Configuration base) throws Exception {
    String user = str(request, "user");
    @SuppressWarnings("unchecked")
    List<String> groups = request.get("groups") == null
        ? new ArrayList<>() : (List<String>) request.get("groups");
    StaticGroups.set(user, groups);
    Groups.getUserToGroupsMappingService(base).refresh();
    String file = str(request, "file");
    boolean fair = new String(Files.readAllBytes(new File(file).toPath()), StandardCharsets.UTF_8)
        .contains("<allocations");
    String asked = str(request, "queue") == null ? YarnConfiguration.DEFAULT_QUEUE_NAME : str(request, "queue");
    ApplicationSubmissionContext asc = Records.newRecord(ApplicationSubmissionContext.class);
    asc.setApplicationId(ApplicationId.newInstance(1L, 1));
    asc.setQueue(asked);
    asc.setApplicationName(str(request, "name") == null ? "app" : str(request, "name"));
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", true);
    FairScheduler fs = null;
    CapacityScheduler cs = null;
    try {
      if (fair) {
        fs = fairScheduler(base, file);
      } else {
        cs = capacityScheduler(base, file);
      }
    } catch (Exception e) {
      return failure(rootCause(e));
    }
    try {
      PlacementManager pm = (fair ? fs.getRMContext() : cs.getRMContext()).getQueuePlacementManager();
      ApplicationPlacementContext placed;
      try {
        placed = pm.placeApplication(asc, user);
      } catch (Exception e) {
        answer.put("queue", null);
        answer.put("rejected", true);
        answer.put("error", error(e));
        return answer;
      }
      answer.put("placed_by_rule", placed != null);
      String queue = fair ? acceptedByFair(fs, placed) : acceptedByCapacity(cs, placed, asked);
      answer.put("queue", queue);
      answer.put("rejected", queue == null);
      return answer;
    } finally {
      if (fair) {
        fs.stop();
      } else {
        cs.serviceStop();
      }
    }
  }

  /**
   * FairScheduler.addApplication: no placement is a rejection, and the placed queue must be (or be
   * creatable as) a leaf.
   */
  static String acceptedByFair(FairScheduler fs, ApplicationPlacementContext placed) {
    if (placed == null) {
      return null;
    }
    FSLeafQueue leaf = fs.getQueueManager().getLeafQueue(Compat.fullPath(placed), true);
    return leaf == null ? null : leaf.getName();
  }

  /**
   * CapacityScheduler: without a placement the submitted queue is used; it must be an existing leaf
   * (by full path or unique short name). A placed queue that does not exist yet is reported as
   * placed (auto-creation decides at submission).
   */
  static String acceptedByCapacity(CapacityScheduler cs, ApplicationPlacementContext placed, String asked) {
    String name = placed == null ? asked : Compat.fullPath(placed);
    CSQueue queue = cs.getQueue(name);
    if (queue == null) {
      return placed == null ? null : name;
    }
    return isLeaf(queue) ? queue.getQueuePath() : null;
  }

  /** LeafQueue (3.3) and AbstractLeafQueue (3.4) have no common name: a parent is a ParentQueue kind. */
  static boolean isLeaf(CSQueue queue) {
    boolean childless = queue.getChildQueues() == null || queue.getChildQueues().isEmpty();
    return childless && !queue.getClass().getSimpleName().contains("Parent");
  }

  // ---------------------------------------------------------------- JSON helpers

  static Resource parseResource(String spec) throws Exception {
    ConfigurableResource parsed = FairSchedulerConfiguration.parseResourceConfigValue(spec);
    return parsed.getResource();
  }

  static Map<String, Object> resource(Resource r) {
    if (r == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    for (ResourceInformation info : r.getResources()) {
      long v = info.getValue();
      m.put(info.getName(), v >= Integer.MAX_VALUE ? null : v);
    }
    return m;
  }

  /** An absolute vector, or Hadoop's percentages of the cluster, as the file gave it. */
  static Object configurable(ConfigurableResource c) {
    if (c == null) {
      return null;
    }
    double[] pct = c.getPercentages();
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

  static Map<String, Object> failure(Throwable e) {
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", false);
    answer.put("error", error(e));
    return answer;
  }

  static Map<String, Object> error(Throwable e) {
    return error(e.getClass().getName(), e.getMessage());
  }

  static Map<String, Object> error(String cls, String message) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("class", cls);
    m.put("message", message);
    return m;
  }

  /** FairScheduler wraps load errors in IOException("Failed to initialize FairScheduler"). */
  static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
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
