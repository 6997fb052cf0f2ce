package dev.fsctl.oracle.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.ha.HAServiceProtocol;
import org.apache.hadoop.util.VersionInfo;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.AdminService;
import org.apache.hadoop.yarn.server.resourcemanager.MockAM;
import org.apache.hadoop.yarn.server.resourcemanager.MockNM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRMAppSubmissionData;
import org.apache.hadoop.yarn.server.resourcemanager.MockRMAppSubmitter;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.AbstractYarnScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;
import org.apache.hadoop.yarn.webapp.WebApp;

/**
 * {@code oracle/run rm}: a real ResourceManager, its web services on 127.0.0.1 (port 0), under a
 * load made of real NodeManager registrations and applications.
 *
 * <pre>
 *   oracle/run rm --scheduler fair|capacity --conf-dir DIR [--workload FILE]
 *                 [--ha | --standby-of WEB,ADMIN]
 * </pre>
 *
 * <p>DIR holds {@code fair-scheduler.xml} or {@code capacity-scheduler.xml} (read as the
 * ResourceManager reads it, through a {@code FileSystemBasedConfigurationProvider} on DIR) and
 * optionally {@code yarn-site.xml}. The workload (default {@code DIR/workload.json}) is
 * <pre>
 *   {"nodes": [{"memory-mb": 8192, "vcores": 8}],
 *    "apps": [{"user": "alice", "queue": "root.a", "name": "a1", "unmanaged": true,
 *              "am": {"memory-mb": 1024, "vcores": 1}, "priority": 0,
 *              "container": {"memory-mb": 1024, "vcores": 1}, "running": 2, "pending": 3},
 *             {"user": "bob", "queue": "root.a", "am": {"memory-mb": 2048, "vcores": 1}, "waits": true}]}
 * </pre>
 * Each application is submitted by its user to its queue (a placement policy may put it
 * elsewhere); its AM is launched (a managed one takes a container on a node heartbeat, an unmanaged
 * one none) and registers; it asks for {@code running} containers, node heartbeats allocate them
 * (as far as the scheduler allows, one application at a time: what it did not get is withdrawn),
 * and once every application has done so each asks for what it did not get and {@code pending}
 * more; an application that {@code waits} is submitted then, its AM not launched. No heartbeat
 * follows, so those stay pending (a waiting application's AM ask too, as while an AM waits for
 * room), and the scheduler's shares are computed for that load: it is still when it is read, and
 * the same on every start.
 *
 * <p>The web address is printed on stdout as one JSON line ({@code {"ok": true, "url": ...}}), then
 * the ResourceManager serves until stdin closes. {@code --ha} runs it in HA mode (rm1, transitioned
 * to active, with its admin RPC server listening so a standby can find it) and prints its admin
 * address too; {@code --standby-of WEB,ADMIN} starts rm2, a standby of that active one (its REST
 * answers redirect there, and say that no RM is active once that one stops).
 */
public final class LiveRM {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** How long an idle node, AM or allocated container stays alive: the RM serves a still load. */
  private static final long NEVER_MS = 24L * 3600 * 1000;
  /** Heartbeats without a new container before an application's running phase ends. */
  private static final int IDLE_ROUNDS = 3;
  private static final String REAL_ADMIN = "fsctl.live.admin-rpc";

  private LiveRM() {
  }

  /** A MockRM whose admin RPC server really listens when asked (so RMHAUtils finds the active). */
  static final class LiveMockRM extends MockRM {
    LiveMockRM(Configuration conf) {
      super(conf);
    }

    @Override
    protected AdminService createAdminService() {
      if (getConfig() != null && getConfig().getBoolean(REAL_ADMIN, false)) {
        return new AdminService(this);
      }
      return super.createAdminService();
    }
  }

  public static void main(String[] argv) throws Exception {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, "UTF-8");
    Map<String, String> args = parse(argv);
    MockRM rm;
    Map<String, Object> answer = new LinkedHashMap<>();
    try {
      rm = start(args, answer);
    } catch (Exception | AssertionError e) { // MockRM's waits fail with JUnit's AssertionError
      e.printStackTrace();
      answer.clear();
      answer.put("ok", false);
      Throwable cause = e;
      while (cause.getCause() != null && cause.getCause() != cause) {
        cause = cause.getCause();
      }
      answer.put("error", cause.getClass().getName() + ": " + cause.getMessage());
      out.println(JSON.writeValueAsString(answer));
      System.exit(1);
      return;
    }
    out.println(JSON.writeValueAsString(answer));
    out.flush();
    InputStream in = System.in;
    while (in.read() >= 0) {
      // serve until stdin closes
    }
    try {
      rm.stop();
    } finally {
      System.exit(0);
    }
  }

  static Map<String, String> parse(String[] argv) {
    Map<String, String> args = new LinkedHashMap<>();
    for (int i = 0; i < argv.length; i++) {
      String a = argv[i];
      if (a.equals("--ha")) {
        args.put(a.substring(2), "true");
      } else if (a.startsWith("--") && i + 1 < argv.length) {
        args.put(a.substring(2), argv[++i]);
      } else {
        throw new IllegalArgumentException("rm: unexpected argument " + a);
      }
    }
    if (!args.containsKey("scheduler") || !args.containsKey("conf-dir")) {
      throw new IllegalArgumentException("rm: give --scheduler fair|capacity and --conf-dir DIR");
    }
    return args;
  }

  static MockRM start(Map<String, String> args, Map<String, Object> answer) throws Exception {
    File dir = new File(args.get("conf-dir")).getAbsoluteFile();
    String scheduler = args.get("scheduler");
    boolean standby = args.containsKey("standby-of");
    boolean ha = standby || args.containsKey("ha");
    Configuration conf = configuration(dir, scheduler);
    if (ha) {
      highAvailability(conf, args);
    }
    MockRM rm = new LiveMockRM(conf);
    // MockRM turns the root logger to DEBUG for Hadoop's own tests
    org.apache.log4j.LogManager.getRootLogger().setLevel(org.apache.log4j.Level.WARN);
    rm.start();
    if (ha && !standby) {
      rm.getRMContext().getRMAdminService().transitionToActive(
          new HAServiceProtocol.StateChangeRequestInfo(HAServiceProtocol.RequestSource.REQUEST_BY_USER));
    }
    if (!standby) {
      File workload = new File(args.getOrDefault("workload", new File(dir, "workload.json").getPath()));
      if (workload.exists()) {
        run(rm, workload);
      }
    }
    answer.put("ok", true);
    answer.put("url", "http://127.0.0.1:" + webPort(rm));
    if (ha && !standby) {
      // the address the admin RPC server bound (updateConnectAddr writes it under the RM's id in HA)
      answer.put("admin", rm.getConfig().get(YarnConfiguration.RM_ADMIN_ADDRESS + ".rm1",
          rm.getConfig().get(YarnConfiguration.RM_ADMIN_ADDRESS)));
    }
    answer.put("hadoop", VersionInfo.getVersion());
    answer.put("scheduler", scheduler);
    answer.put("state", String.valueOf(rm.getRMContext().getHAServiceState()));
    return rm;
  }

  static Configuration configuration(File dir, String scheduler) throws Exception {
    YarnConfiguration conf = new YarnConfiguration();
    File scratch = Files.createTempDirectory("fsctl-live-rm").toFile();
    scratch.deleteOnExit();
    conf.set("hadoop.tmp.dir", scratch.getPath());
    conf.set(YarnConfiguration.FS_NODE_LABELS_STORE_ROOT_DIR, new File(scratch, "node-labels").toURI().toString());
    conf.set(YarnConfiguration.FS_NODE_ATTRIBUTE_STORE_ROOT_DIR,
        new File(scratch, "node-attribute").toURI().toString());
    File site = new File(dir, "yarn-site.xml");
    if (site.exists()) {
      conf.addResource(new Path(site.getPath()));
    }
    conf.setBoolean("mockrm.webapp.enabled", true);
    conf.set(YarnConfiguration.RM_WEBAPP_ADDRESS, "127.0.0.1:0");
    conf.set(YarnConfiguration.RM_BIND_HOST, "127.0.0.1");
    conf.setLong(YarnConfiguration.RM_NM_EXPIRY_INTERVAL_MS, NEVER_MS);
    conf.setLong(YarnConfiguration.RM_AM_EXPIRY_INTERVAL_MS, NEVER_MS);
    conf.setLong(YarnConfiguration.RM_CONTAINER_ALLOC_EXPIRY_INTERVAL_MS, NEVER_MS);
    // token keys must roll slower than three expiry intervals (RMContainerTokenSecretManager)
    long rolling = 4 * NEVER_MS / 1000;
    conf.setLong(YarnConfiguration.RM_NMTOKEN_MASTER_KEY_ROLLING_INTERVAL_SECS, rolling);
    conf.setLong(YarnConfiguration.RM_CONTAINER_TOKEN_MASTER_KEY_ROLLING_INTERVAL_SECS, rolling);
    conf.setLong(YarnConfiguration.RM_AMRM_TOKEN_MASTER_KEY_ROLLING_INTERVAL_SECS, rolling);
    conf.setBoolean(YarnConfiguration.RM_SCHEDULER_ENABLE_MONITORS, false);
    if (scheduler.equals("fair")) {
      conf.setClass(YarnConfiguration.RM_SCHEDULER, FairScheduler.class, ResourceScheduler.class);
      conf.set(FairSchedulerConfiguration.ALLOCATION_FILE, new File(dir, "fair-scheduler.xml").getPath());
    } else if (scheduler.equals("capacity")) {
      conf.setClass(YarnConfiguration.RM_SCHEDULER, CapacityScheduler.class, ResourceScheduler.class);
      // capacity-scheduler.xml read from DIR, as a ResourceManager with a file-system store reads it
      conf.set(YarnConfiguration.RM_CONFIGURATION_PROVIDER_CLASS,
          "org.apache.hadoop.yarn.FileSystemBasedConfigurationProvider");
      conf.set(YarnConfiguration.FS_BASED_RM_CONF_STORE, dir.toURI().toString());
    } else {
      throw new IllegalArgumentException("rm: --scheduler must be fair or capacity, not " + scheduler);
    }
    return conf;
  }

  /** rm1 and rm2 on 127.0.0.1; this one rm2 when it is a standby, else rm1. */
  static void highAvailability(Configuration conf, Map<String, String> args) {
    boolean standby = args.containsKey("standby-of");
    String self = standby ? "rm2" : "rm1";
    conf.setBoolean(YarnConfiguration.RM_HA_ENABLED, true);
    conf.setBoolean(YarnConfiguration.AUTO_FAILOVER_ENABLED, false);
    conf.set(YarnConfiguration.RM_HA_IDS, "rm1,rm2");
    conf.set(YarnConfiguration.RM_HA_ID, self);
    conf.set(YarnConfiguration.RM_CLUSTER_ID, "fsctl-live");
    // an RM the standby cannot reach fails fast (RMHAUtils.findActiveRMHAId asks each one)
    conf.setInt("ipc.client.connect.max.retries", 0);
    conf.setInt("ipc.client.connect.max.retries.on.timeouts", 0);
    conf.setInt("ipc.client.connect.timeout", 2000);
    conf.setInt("ha.failover-controller.cli-check.rpc-timeout.ms", 2000);
    String[] prefixes = {YarnConfiguration.RM_ADDRESS, YarnConfiguration.RM_SCHEDULER_ADDRESS,
        YarnConfiguration.RM_RESOURCE_TRACKER_ADDRESS, YarnConfiguration.RM_ADMIN_ADDRESS,
        YarnConfiguration.RM_WEBAPP_ADDRESS};
    for (String id : new String[] {"rm1", "rm2"}) {
      conf.set(YarnConfiguration.RM_HOSTNAME + "." + id, "127.0.0.1");
      for (String prefix : prefixes) {
        conf.set(prefix + "." + id, "127.0.0.1:0");
      }
    }
    if (standby) {
      String[] active = args.get("standby-of").split(",");
      conf.set(YarnConfiguration.RM_WEBAPP_ADDRESS + ".rm1", active[0].replaceFirst("^https?://", ""));
      conf.set(YarnConfiguration.RM_ADMIN_ADDRESS + ".rm1", active[1]);
    } else {
      conf.setBoolean(REAL_ADMIN, true);
    }
  }

  @SuppressWarnings("unchecked")
  static void run(MockRM rm, File workload) throws Exception {
    Map<String, Object> load = JSON.readValue(workload, Map.class);
    List<MockNM> nodes = new ArrayList<>();
    int port = 40001;
    for (Object node : (List<Object>) load.getOrDefault("nodes", Collections.emptyList())) {
      nodes.add(rm.registerNode("127.0.0.1:" + port++, resource((Map<String, Object>) node)));
    }
    for (MockNM nm : nodes) {
      nm.nodeHeartbeat(true);
    }
    List<Object[]> asked = new ArrayList<>();
    List<Map<String, Object>> waiting = new ArrayList<>();
    for (Object entry : (List<Object>) load.getOrDefault("apps", Collections.emptyList())) {
      Map<String, Object> app = (Map<String, Object>) entry;
      if (Boolean.TRUE.equals(app.get("waits"))) {
        waiting.add(app);
        continue;
      }
      boolean unmanaged = Boolean.TRUE.equals(app.get("unmanaged"));
      RMApp rmApp = submit(rm, app);
      MockAM am;
      if (unmanaged) {
        am = MockRM.launchUAM(rmApp, rm, nodes.get(0));
        am.registerAppAttempt();
      } else {
        am = MockRM.launchAndRegisterAM(rmApp, rm, nodes.get(0));
      }
      Resource container = resource((Map<String, Object>) app.get("container"));
      int running = ((Number) app.getOrDefault("running", 0)).intValue();
      int pending = ((Number) app.getOrDefault("pending", 0)).intValue();
      int allocated = allocate(rm, am, nodes, container, running);
      if (allocated < running) {
        // what was not allocated is withdrawn (an ask is absolute: 0 containers), so that no later
        // heartbeat hands it a container meant for another application
        ask(am, container, 0);
      }
      asked.add(new Object[] {am, container, running - allocated + pending});
    }
    // an application that waits is submitted once no heartbeat is to come: its AM's ask stays
    // pending, and the application ACCEPTED
    for (Map<String, Object> app : waiting) {
      submit(rm, app);
    }
    for (Object[] entry : asked) {
      int count = (Integer) entry[2];
      if (count > 0) {
        ask((MockAM) entry[0], (Resource) entry[1], count);
      }
    }
    rm.drainEvents();
    // the Fair Scheduler's demand and fair shares of this still load, computed now; its update
    // thread computes the same on every later run (no-op for the Capacity Scheduler)
    scheduler(rm).update();
  }

  /** Every heartbeat below is preceded by an update: FSLeafQueue.fetchAppsWithDemand offers a node
   * only to applications whose demand, as the update thread last computed it (every 500 ms),
   * exceeds their usage, so an ask is invisible to a heartbeat until that thread has run. Left to
   * the thread, containers went to whichever application's ask it had seen, during another
   * application's AM launch, and the outstanding asks read back differed from one start to the
   * next. MockRM.launchAM updates between its heartbeats for the same reason. */
  static AbstractYarnScheduler<?, ?> scheduler(MockRM rm) {
    return (AbstractYarnScheduler<?, ?>) rm.getResourceScheduler();
  }

  static List<Container> ask(MockAM am, Resource size, int count) throws Exception {
    return am.allocate(Collections.singletonList(request(size, count)), new ArrayList<ContainerId>())
        .getAllocatedContainers();
  }

  /** Submit an application of the workload as its user, to its queue; raises what the RM said
   * when it does not accept it. */
  @SuppressWarnings("unchecked")
  static RMApp submit(MockRM rm, Map<String, Object> app) throws Exception {
    Resource amResource = app.get("am") == null
        ? Resource.newInstance(1024, 1) : resource((Map<String, Object>) app.get("am"));
    MockRMAppSubmissionData data = MockRMAppSubmissionData.Builder.createWithResource(amResource, rm)
        .withAppName(String.valueOf(app.getOrDefault("name", "app")))
        .withUser(String.valueOf(app.get("user")))
        .withQueue(String.valueOf(app.get("queue")))
        .withUnmanagedAM(Boolean.TRUE.equals(app.get("unmanaged")))
        .withAppPriority(Priority.newInstance(((Number) app.getOrDefault("priority", 0)).intValue()))
        .build();
    try {
      return MockRMAppSubmitter.submit(rm, data);
    } catch (AssertionError e) {
      // the application failed (a queue it cannot be placed in): say why, as the RM did
      throw new IllegalStateException("application " + app.get("name") + " of " + app.get("user")
          + " in " + app.get("queue") + " was not accepted: " + lastDiagnostics(rm) + " (" + e.getMessage() + ")");
    }
  }

  /** The diagnostics of the application submitted last. */
  static String lastDiagnostics(MockRM rm) {
    RMApp last = null;
    for (RMApp app : rm.getRMContext().getRMApps().values()) {
      if (last == null || app.getApplicationId().compareTo(last.getApplicationId()) > 0) {
        last = app;
      }
    }
    return last == null ? "no application" : String.valueOf(last.getDiagnostics()).trim();
  }

  /** Ask for {@code count} containers and heartbeat the nodes until they come or none comes. */
  static int allocate(MockRM rm, MockAM am, List<MockNM> nodes, Resource size, int count) throws Exception {
    if (count <= 0) {
      return 0;
    }
    int got = ask(am, size, count).size();
    int idle = 0;
    int next = 0;
    while (got < count && idle < IDLE_ROUNDS * nodes.size()) {
      scheduler(rm).update();
      nodes.get(next++ % nodes.size()).nodeHeartbeat(true);
      rm.drainEvents();
      List<Container> allocated = am.allocate(new ArrayList<ResourceRequest>(), new ArrayList<ContainerId>())
          .getAllocatedContainers();
      got += allocated.size();
      idle = allocated.isEmpty() ? idle + 1 : 0;
    }
    return got;
  }

  static ResourceRequest request(Resource size, int count) {
    return ResourceRequest.newInstance(Priority.newInstance(1), ResourceRequest.ANY, size, count);
  }

  static Resource resource(Map<String, Object> m) {
    long memory = ((Number) m.getOrDefault("memory-mb", 0)).longValue();
    int vcores = ((Number) m.getOrDefault("vcores", 0)).intValue();
    return Resource.newInstance(memory, vcores);
  }

  /** The web app's bound port (ResourceManager.getWebapp is package-private). */
  static int webPort(MockRM rm) throws Exception {
    Method getter = org.apache.hadoop.yarn.server.resourcemanager.ResourceManager.class
        .getDeclaredMethod("getWebapp");
    getter.setAccessible(true);
    WebApp webApp = (WebApp) getter.invoke(rm);
    return webApp.port();
  }
}
