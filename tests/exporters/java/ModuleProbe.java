// Loads a whole module with VASSAL's own GameModule (needs a display: run under xvfb-run) and
// reports what VASSAL makes of it.
// args: the answers file (see Answers), the .vmod; stdin: one "BOARD<TAB>x<TAB>y" per line (board-local pixels).
// answers: "piece<TAB>entry name<TAB>trait classes, outermost first<TAB>k=v;..." per PieceSlot,
// its prototypes expanded by VASSAL's PieceCloner (properties side, nation, class, size,
// strength, movement); then "name<TAB>location" per stdin line, from Board.locationName.
import VASSAL.build.GameModule;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.widget.PieceSlot;
import VASSAL.counters.Decorator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.PieceCloner;
import java.awt.Point;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.HashMap;
import java.util.Map;

public class ModuleProbe {
  static final String[] KEYS = {"side", "nation", "class", "size", "strength", "movement"};

  public static void main(String[] args) {
    VassalModule.main(args, ModuleProbe::run);
  }

  static void run(String[] args) throws Exception {
    GameModule module = VassalModule.open(args[1]);
    StringBuilder out = new StringBuilder();
    for (PieceSlot slot : module.getAllDescendantComponentsOf(PieceSlot.class)) {
      GamePiece piece = PieceCloner.getInstance().clonePiece(slot.getPiece());
      StringBuilder classes = new StringBuilder();
      for (GamePiece p = piece; ; p = ((Decorator) p).getInner()) {
        classes.append(p.getClass().getSimpleName()).append(',');
        if (!(p instanceof Decorator)) break;
      }
      StringBuilder props = new StringBuilder();
      for (String key : KEYS) {
        props.append(key).append('=').append(piece.getProperty(key)).append(';');
      }
      out.append("piece\t").append(slot.getConfigureName()).append('\t').append(classes)
         .append('\t').append(props).append('\n');
    }
    Map<String, Board> boards = new HashMap<>();
    for (Board b : module.getAllDescendantComponentsOf(Board.class)) {
      boards.put(b.getName(), b);
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isEmpty()) continue;
      String[] f = line.split("\t");
      Board b = boards.get(f[0]);
      String name = b == null ? "NO BOARD" : b.locationName(new Point(Integer.parseInt(f[1]), Integer.parseInt(f[2])));
      out.append(f[0]).append('\t').append(name).append('\n');
    }
    Answers.write(args, out);
  }
}
