// What the probes that need a whole module share: loading it as VASSAL's Player does, and
// exiting on any exception (Swing's threads would otherwise keep the JVM alive).
import VASSAL.Info;
import VASSAL.build.GameModule;
import VASSAL.launch.StandardConfig;
import VASSAL.tools.DataArchive;
import java.lang.reflect.Constructor;

public final class VassalModule {
  private VassalModule() {
  }

  public interface Probe {
    void run(String[] args) throws Exception;
  }

  public static void main(String[] args, Probe probe) {
    try {
      probe.run(args);
    }
    catch (Throwable t) {
      t.printStackTrace();
      System.exit(2);
    }
    System.exit(0);
  }

  public static GameModule open(String vmod) throws Exception {
    Info.setConfig(new StandardConfig());
    // the player's menu manager, as VASSAL's Player launcher sets it up (a private nested class)
    Constructor<?> menus = Class.forName("VASSAL.launch.Player$PlayerMenuManager").getDeclaredConstructor();
    menus.setAccessible(true);
    menus.newInstance();
    GameModule.init(new GameModule(new DataArchive(vmod)));
    return GameModule.getGameModule();
  }
}
