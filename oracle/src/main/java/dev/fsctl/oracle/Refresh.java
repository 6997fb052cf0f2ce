package dev.fsctl.oracle;

import java.io.File;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.FileSystemBasedConfigurationProvider;
import org.apache.hadoop.yarn.conf.ConfigurationProvider;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.RMContextImpl;
import org.apache.hadoop.yarn.server.resourcemanager.monitor.SchedulingMonitor;
import org.apache.hadoop.yarn.server.resourcemanager.monitor.SchedulingMonitorManager;
import org.apache.hadoop.yarn.server.resourcemanager.nodelabels.RMNodeLabelsManager;
import org.apache.hadoop.yarn.server.resourcemanager.placement.PlacementManager;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerConfiguration;

/**
 * The {@code refresh} verb: what {@code yarn rmadmin -refreshQueues} changes in a running
 * CapacityScheduler, and what only a restart does.
 *
 * <p>The scheduler boots from a directory holding {@code file} as capacity-scheduler.xml and
 * {@code yarn_site} as yarn-site.xml, read through a {@code FileSystemBasedConfigurationProvider}
 * as the ResourceManager reads them. Both files are then replaced by {@code new_file} and
 * {@code new_yarn_site}, and the scheduler is refreshed as {@code AdminService.refreshQueues} does
 * it: yarn-site.xml and resource-types.xml read again through the provider into a
 * {@code Configuration(false)}, then {@code CapacityScheduler.reinitialize}, which reads
 * capacity-scheduler.xml on top. The answer gives the settings the scheduler runs with, before and
 * after; a setting this Hadoop does not have (a field read by reflection) is an error, never null.
 */
public final class Refresh {
  private Refresh() {
  }

  public static Map<String, Object> answer(Map<String, Object> request, Configuration base) throws Exception {
    File dir = Files.createTempDirectory("fsctl-oracle-refresh").toFile();
    CapacityScheduler cs = null;
    try {
      place(Oracle.str(request, "file"), dir, "capacity-scheduler.xml");
      place(Oracle.str(request, "yarn_site"), dir, YarnConfiguration.YARN_SITE_CONFIGURATION_FILE);
      Configuration siteConf = new YarnConfiguration(base);
      ConfDirOnClasspath.install(siteConf, new File(Oracle.str(request, "file")));
      CapacitySchedulerConfiguration csConfig = new CapacitySchedulerConfiguration(siteConf, false);
      csConfig.addResource(new Path(new File(dir, "capacity-scheduler.xml").getAbsolutePath()));
      siteConf.set(YarnConfiguration.FS_BASED_RM_CONF_STORE, dir.getAbsolutePath());
      RMContextImpl rmContext = new RMContextImpl();
      ConfigurationProvider provider = new FileSystemBasedConfigurationProvider();
      provider.init(siteConf);
      rmContext.setConfigurationProvider(provider);
      rmContext.setQueuePlacementManager(new PlacementManager());
      RMNodeLabelsManager labels = new RMNodeLabelsManager();
      labels.init(siteConf);
      rmContext.setNodeLabelManager(labels);
      cs = new CapacityScheduler();
      cs.setConf(siteConf);
      cs.setRMContext(rmContext);
      rmContext.setScheduler(cs);
      try {
        cs.serviceInit(csConfig);
        cs.serviceStart();
      } catch (Exception e) {
        return Oracle.failure(e);
      }
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("ok", true);
      answer.put("error", null);
      answer.put("before", settings(cs));

      place(Oracle.str(request, "new_file"), dir, "capacity-scheduler.xml");
      place(Oracle.str(request, "new_yarn_site"), dir, YarnConfiguration.YARN_SITE_CONFIGURATION_FILE);
      Configuration conf = new Configuration(false);
      for (String name : new String[] {
          YarnConfiguration.YARN_SITE_CONFIGURATION_FILE, YarnConfiguration.RESOURCE_TYPES_CONFIGURATION_FILE}) {
        InputStream in = provider.getConfigurationInputStream(conf, name);
        if (in != null) {
          conf.addResource(in);
        }
      }
      conf.size(); // AdminService.loadNewConfiguration: the properties are read now
      try {
        cs.reinitialize(conf, rmContext);
      } catch (Exception e) {
        answer.put("ok", false);
        answer.put("error", Oracle.error(e));
        return answer;
      }
      answer.put("after", settings(cs));
      return answer;
    } finally {
      if (cs != null) {
        cs.serviceStop();
      }
      Oracle.deleteTree(dir);
    }
  }

  private static void place(String source, File dir, String name) throws Exception {
    if (source == null) {
      throw new IllegalArgumentException("refresh needs file, yarn_site, new_file and new_yarn_site");
    }
    Files.copy(new File(source).toPath(), new File(dir, name).toPath(), StandardCopyOption.REPLACE_EXISTING);
  }

  /** The settings a refresh may or may not change, as the running scheduler holds them. */
  static Map<String, Object> settings(CapacityScheduler cs) throws Exception {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("resource_calculator", cs.getResourceCalculator().getClass().getName());
    Object async = field(cs, "asyncSchedulingConf"); // 3.4; 3.3 keeps the values on the scheduler
    if (async != null) {
      s.put("schedule_asynchronously", call(async, "isScheduleAsynchronously"));
      s.put("async_schedule_interval_ms", call(async, "getAsyncScheduleInterval"));
    } else {
      s.put("schedule_asynchronously", required(cs, "scheduleAsynchronously"));
      s.put("async_schedule_interval_ms", required(cs, "asyncScheduleInterval"));
    }
    s.put("assign_multiple", required(cs, "assignMultipleEnabled"));
    s.put("max_assign_per_heartbeat", required(cs, "maxAssignPerHeartbeat"));
    s.put("maximum_allocation", Oracle.resource(cs.getMaximumResourceCapability()));
    Map<String, Object> monitors = new TreeMap<>();
    SchedulingMonitorManager manager = cs.getSchedulingMonitorManager();
    @SuppressWarnings("unchecked")
    Map<String, SchedulingMonitor> running = (Map<String, SchedulingMonitor>) required(manager, "runningSchedulingMonitors");
    for (Map.Entry<String, SchedulingMonitor> e : running.entrySet()) {
      monitors.put(e.getKey(), e.getValue().getSchedulingEditPolicy().getMonitoringInterval());
    }
    s.put("monitors", monitors);
    List<Object> queues = new ArrayList<>();
    describe(cs.getRootQueue(), queues);
    s.put("queues", queues);
    return s;
  }

  private static void describe(CSQueue queue, List<Object> out) {
    Map<String, Object> q = new LinkedHashMap<>();
    q.put("path", queue.getQueuePath());
    q.put("capacity", queue.getQueueCapacities().getCapacity() * 100);
    q.put("maximum_capacity", queue.getQueueCapacities().getMaximumCapacity() * 100);
    out.add(q);
    if (queue.getChildQueues() != null) {
      for (CSQueue child : queue.getChildQueues()) {
        describe(child, out);
      }
    }
  }

  /** A private field up the class chain, or null when this Hadoop has none of that name. */
  private static Object field(Object target, String name) throws IllegalAccessException {
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(target);
      } catch (NoSuchFieldException e) {
        // up the chain
      }
    }
    return null;
  }

  private static Object required(Object target, String name) throws IllegalAccessException {
    Object value = field(target, name);
    if (value == null) {
      throw new IllegalStateException(target.getClass().getName() + " has no field " + name + " in this Hadoop");
    }
    return value;
  }

  private static Object call(Object target, String method) throws ReflectiveOperationException {
    Method m = target.getClass().getDeclaredMethod(method);
    m.setAccessible(true);
    return m.invoke(target);
  }
}
