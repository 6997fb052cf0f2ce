package dev.fsctl.oracle;

import java.io.File;
import java.lang.reflect.UndeclaredThrowableException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.Groups;
import org.apache.hadoop.yarn.FileSystemBasedConfigurationProvider;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.conf.ConfigurationProvider;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.MockRM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRMAppSubmissionData;
import org.apache.hadoop.yarn.server.resourcemanager.MockRMAppSubmitter;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppState;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.AbstractYarnScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.Queue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerApplication;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;

/**
 * The {@code place} verb: applications submitted to a MockRM the way a client submits them
 * ({@code ClientRMService.submitApplication}, then {@code RMAppManager}'s placement and the
 * scheduler's {@code APP_ADDED}: for the Fair Scheduler {@code resolveReservationQueueName} and
 * {@code addApplication}, for the Capacity Scheduler its own {@code addApplication} with queue
 * auto-creation). Where each one runs, or the rejection, is the ResourceManager's own answer.
 *
 * <p>A request names one application ({@code user}, {@code groups}, {@code queue}, {@code name}) or
 * several ({@code apps}: a list of those, each submitted to a ResourceManager of its own); the
 * answer has {@code queue}, {@code rejected} and {@code message} for each. The applications are
 * unmanaged (no AM container): whether an AM fits a queue's maximum is a question of resources,
 * not of placement.
 */
public final class Submissions {
  private Submissions() {
  }

  /** The verb, reached by name ({@link Oracle#byName}): the lines before 3.3 build without it. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> answer(Map<String, Object> request, Configuration base) throws Exception {
    List<Map<String, Object>> apps = request.get("apps") != null
        ? (List<Map<String, Object>>) request.get("apps") : null;
    List<Map<String, Object>> asked = apps != null ? apps : singleton(request);
    // one group table for every user of the request (the Groups cache is emptied once)
    Map<String, List<String>> groups = new LinkedHashMap<>();
    for (Map<String, Object> app : asked) {
      List<String> given = app.get("groups") == null ? new ArrayList<>() : (List<String>) app.get("groups");
      List<String> known = groups.putIfAbsent(Oracle.str(app, "user"), given);
      if (known != null && !known.equals(given)) {
        throw new IllegalArgumentException("user " + Oracle.str(app, "user") + " given two group lists");
      }
    }
    StaticGroups.setAll(groups);
    Groups.getUserToGroupsMappingService(base).refresh();
    String file = Oracle.str(request, "file");
    boolean fair = new String(Files.readAllBytes(new File(file).toPath()), StandardCharsets.UTF_8)
        .contains("<allocations");
    List<Object> placements = new ArrayList<>();
    for (Map<String, Object> app : asked) {
      Map<String, Object> placed = submitAlone(base, file, fair, app);
      if (!Boolean.TRUE.equals(placed.get("ok"))) {
        return placed;  // the configuration does not load: the same for every application
      }
      placed.remove("ok");
      placements.add(placed);
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", true);
    if (apps != null) {
      answer.put("placements", placements);
    } else {
      answer.putAll((Map<String, Object>) placements.get(0));
    }
    return answer;
  }

  /**
   * One application on a ResourceManager of its own: the queues an earlier submission created
   * (a dynamic leaf) would otherwise decide where a later one can go.
   */
  private static Map<String, Object> submitAlone(Configuration base, String file, boolean fair,
      Map<String, Object> app) throws Exception {
    File dir = Files.createTempDirectory("fsctl-oracle-place").toFile();
    MockRM rm;
    try {
      rm = fair ? fairRM(base, file) : capacityRM(base, file, dir);
      // MockRM turns the root logger to DEBUG for Hadoop's own tests
      org.apache.log4j.LogManager.getRootLogger().setLevel(org.apache.log4j.Level.WARN);
      rm.start();
    } catch (Exception e) {
      Oracle.deleteTree(dir);
      return Oracle.failure(e);
    }
    try {
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("ok", true);
      answer.putAll(submit(rm, app));
      return answer;
    } finally {
      rm.stop();
      Oracle.deleteTree(dir);
    }
  }

  private static List<Map<String, Object>> singleton(Map<String, Object> request) {
    List<Map<String, Object>> one = new ArrayList<>();
    one.add(request);
    return one;
  }

  /** A ResourceManager running the Fair Scheduler on the allocation file (yarn-site from base). */
  private static MockRM fairRM(Configuration base, String file) {
    Configuration conf = new YarnConfiguration(base);
    conf.setClass(YarnConfiguration.RM_SCHEDULER, FairScheduler.class, ResourceScheduler.class);
    conf.set(FairSchedulerConfiguration.ALLOCATION_FILE, new File(file).getAbsolutePath());
    return new MockRM(conf);
  }

  /**
   * A ResourceManager running the Capacity Scheduler on the file, read through a
   * {@code FileSystemBasedConfigurationProvider} from a directory where it is named
   * capacity-scheduler.xml, as the ResourceManager reads it (see {@link Oracle#capacityScheduler}).
   */
  private static MockRM capacityRM(Configuration base, String file, File dir) throws Exception {
    Files.copy(new File(file).toPath(), new File(dir, "capacity-scheduler.xml").toPath());
    Configuration conf = new YarnConfiguration(base);
    conf.setClass(YarnConfiguration.RM_SCHEDULER, CapacityScheduler.class, ResourceScheduler.class);
    conf.setClass(YarnConfiguration.RM_CONFIGURATION_PROVIDER_CLASS,
        FileSystemBasedConfigurationProvider.class, ConfigurationProvider.class);
    conf.set(YarnConfiguration.FS_BASED_RM_CONF_STORE, dir.getAbsolutePath());
    conf.addResource(new Path(new File(dir, "capacity-scheduler.xml").getAbsolutePath()));
    return new MockRM(conf);
  }

  /** One submission through ClientRMService, its events drained: where it runs, or why not. */
  private static Map<String, Object> submit(MockRM rm, Map<String, Object> app) throws Exception {
    String queue = Oracle.str(app, "queue");
    MockRMAppSubmissionData.Builder data = MockRMAppSubmissionData.Builder
        .createWithResource(Resource.newInstance(1024, 1), rm)
        .withUser(Oracle.str(app, "user"))
        .withAppName(Oracle.str(app, "name") == null ? "app" : Oracle.str(app, "name"))
        .withUnmanagedAM(true)
        .withWaitForAppAcceptedState(false);
    if (queue != null) {
      data.withQueue(queue);
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    RMApp rmApp;
    try {
      rmApp = MockRMAppSubmitter.submit(rm, data.build());
    } catch (Exception e) {
      // RMAppManager refused it before the scheduler saw it (placement, ACLs, a bad request)
      Throwable cause = e instanceof UndeclaredThrowableException ? e.getCause() : e;
      answer.put("queue", null);
      answer.put("rejected", true);
      answer.put("message", String.valueOf(cause.getMessage()));
      return answer;
    }
    rm.drainEvents();
    RMAppState state = rmApp.getState();
    boolean accepted = state == RMAppState.ACCEPTED || state == RMAppState.RUNNING;
    answer.put("queue", accepted ? runningQueue(rm, rmApp.getApplicationId()) : null);
    answer.put("rejected", !accepted);
    answer.put("message", accepted ? null : rmApp.getDiagnostics().toString());
    return answer;
  }

  /** The full path of the leaf the scheduler put the application in. */
  private static String runningQueue(MockRM rm, ApplicationId id) {
    AbstractYarnScheduler<?, ?> scheduler = (AbstractYarnScheduler<?, ?>) rm.getResourceScheduler();
    SchedulerApplication<?> application = scheduler.getSchedulerApplications().get(id);
    Queue queue = application.getQueue();
    return queue instanceof CSQueue ? ((CSQueue) queue).getQueuePath() : queue.getQueueName();
  }
}
