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
 * <p>Run with Java's single-file source launcher and the jar on the class path:
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
  }
}
