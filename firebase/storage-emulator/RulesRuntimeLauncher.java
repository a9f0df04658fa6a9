// firebase-tools starts the Storage rules runtime as `java -jar <jar> serve`
// (STORAGE_EMULATOR_BINARY_PATH names the jar). This jar's only class runs
// rulesRuntime.mjs with Node instead, on the same stdin/stdout/stderr, and
// exits with its exit code. setup.mjs compiles it and writes the manifest, whose
// Agentflow-Node and Agentflow-Rules-Runtime attributes name the Node binary
// and the script.
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

public final class RulesRuntimeLauncher {
  public static void main(String[] args) throws Exception {
    File jar = new File(RulesRuntimeLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Attributes attributes;
    try (JarFile file = new JarFile(jar)) {
      attributes = file.getManifest().getMainAttributes();
    }
    String node = attributes.getValue("Agentflow-Node");
    String script = attributes.getValue("Agentflow-Rules-Runtime");
    if (node == null || !new File(node).canExecute()) {
      node = "node"; // the Node that built the jar is gone: take the one on PATH
    }
    List<String> command = new ArrayList<>();
    command.add(node);
    command.add(script);
    for (String arg : args) {
      command.add(arg);
    }
    Process child = new ProcessBuilder(command).inheritIO().start();
    // SIGINT/SIGTERM from the emulator stop the JVM; take the Node process along.
    Runtime.getRuntime().addShutdownHook(new Thread(child::destroy));
    System.exit(child.waitFor());
  }
}
