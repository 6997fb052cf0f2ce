package dev.fsctl.oracle;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;

/**
 * The ResourceManager's configuration directory on its classpath, as {@code bin/yarn} puts it
 * there: a configuration's classpath resource {@code capacity-scheduler.xml} is the file the
 * scheduler boots on.
 *
 * <p>The scheduler itself reads the file through its configuration provider, but Hadoop also reads
 * the classpath copy where it builds a {@code new CapacitySchedulerConfiguration(conf)}: 3.4's
 * {@code CapacitySchedulerQueueManager} takes its queue capacity handler's
 * {@code legacy-queue-mode.enabled} from there, once, at start. Without this the handler reads the
 * oracle's own empty {@code capacity-scheduler.xml} (legacy mode) while the queues read the file
 * (flexible mode), a mix no ResourceManager whose provider reads that same directory runs: it keeps
 * a percentage queue's capacity at its configured value and a weight's at 0 (the capacities of
 * {@code PercentageQueueCapacityCalculator.updateCapacitiesAfterCalculation}) where the
 * ResourceManager derives them from the queue's resources
 * ({@code CapacitySchedulerQueueCapacityHandler.setQueueCapacities}).
 *
 * <p>The file is read once, when the scheduler is built: the directory the oracle copies it to is
 * gone by the time a later configuration could look it up, and a running ResourceManager's handler
 * never reads it again either.
 */
public final class ConfDirOnClasspath extends ClassLoader {
  /** CapacitySchedulerConfiguration.CS_CONFIGURATION_FILE, on every line. */
  private static final String CS_FILE = "capacity-scheduler.xml";
  private final URL file;

  private ConfDirOnClasspath(byte[] content, ClassLoader parent) throws MalformedURLException {
    super(parent);
    this.file = new URL(null, "fsctl-conf-dir:" + CS_FILE,
        new URLStreamHandler() {
          @Override
          protected URLConnection openConnection(URL url) {
            return new URLConnection(url) {
              @Override
              public void connect() {
              }

              @Override
              public InputStream getInputStream() {
                return new ByteArrayInputStream(content);
              }
            };
          }
        });
  }

  /**
   * {@code conf}, and every configuration copied from it from now on, find {@code csFile} as the
   * classpath's capacity-scheduler.xml (classes and other resources as before).
   */
  public static void install(Configuration conf, File csFile) throws IOException {
    conf.setClassLoader(
        new ConfDirOnClasspath(Files.readAllBytes(csFile.toPath()), conf.getClassLoader()));
  }

  @Override
  public URL getResource(String name) {
    return CS_FILE.equals(name) ? file : super.getResource(name);
  }
}
