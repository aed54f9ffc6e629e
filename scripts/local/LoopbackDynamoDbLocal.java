import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts Amazon's DynamoDB Local bound to 127.0.0.1 only.
 *
 * <p>DynamoDB Local has no option for the address it listens on: it builds its Jetty server with
 * {@code new Server(port)}, which listens on every interface, so anyone on the network could read
 * and change the local table. This launcher builds the server exactly as the jar's own main class
 * does (same command-line options), sets the host of its connectors to the loopback address before
 * starting it, and refuses to start when the server is not built the way it expects.
 *
 * <p>With {@code -Dloopback.exitWithParent=true} it also exits when its standard input closes:
 * the process that started it holds the other end of that pipe, so a test worker or {@code npm run
 * dev} that dies (even by SIGKILL) takes its DynamoDB Local with it instead of leaving it running.
 *
 * <p>Run compiled ({@code scripts/local/dynamodb.ts} compiles it once per checkout) or with Java's
 * single-file source launcher, the jar on the class path:
 * {@code java -cp DynamoDBLocal.jar LoopbackDynamoDbLocal.java -port 8000 -inMemory}.
 */
public class LoopbackDynamoDbLocal {
  private static final String HOST = "127.0.0.1";

  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) {
        throw new IllegalStateException("Unexpected DynamoDB Local connector " + connector.getClass());
      }
      ((ServerConnector) connector).setHost(HOST);
    }
    proxy.start();
    if (Boolean.getBoolean("loopback.exitWithParent")) {
      Thread watcher =
          new Thread(
              () -> {
                try {
                  while (System.in.read() != -1) {
                    // nothing is ever sent: only the end of the stream matters
                  }
                } catch (java.io.IOException ignored) {
                  // a broken pipe is a closed one
                }
                Runtime.getRuntime().halt(0);
              },
              "exit-with-parent");
      watcher.setDaemon(true);
      watcher.start();
    }
  }
}
