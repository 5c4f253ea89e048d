// Loads a module with VASSAL's own GameModule (needs a display: run under xvfb-run), then a save
// or log with GameState.decodeSavedGame, executes its commands in order -- the logged command of
// each LOG entry too, as stepping through the whole log does -- and reports every piece.
// args: the answers file (see Answers), the .vmod, the .vsav/.vlog.
// answers: one "id<TAB>name<TAB>map id or null<TAB>x<TAB>y<TAB>location" per piece (not stacks or
// decks), location from Map.locationName of the piece's map, or null on no map.
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.GameState;
import VASSAL.build.module.Map;
import VASSAL.build.module.map.BoardPicker;
import VASSAL.command.Command;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;
import java.awt.Point;
import java.io.File;
import java.util.ArrayDeque;
import java.util.Deque;

public class SaveProbe {
  public static void main(String[] args) {
    VassalModule.main(args, SaveProbe::run);
  }

  static void run(String[] args) throws Exception {
    GameModule module = VassalModule.open(args[1]);
    Command save = module.getGameState().decodeSavedGame(new File(args[2]));
    // depth first, each command before its sub-commands, as Command.execute runs them
    Deque<Command> todo = new ArrayDeque<>();
    todo.push(save);
    while (!todo.isEmpty()) {
      Command c = todo.pop();
      Command[] subs = c.getSubCommands();
      for (int i = subs.length - 1; i >= 0; --i) {
        todo.push(subs[i]);
      }
      c.stripSubCommands();
      if (c instanceof GameState.SetupCommand) {
        continue;  // begin_save/end_save: starting a game opens the setup wizard (not on Debian)
      }
      if (c instanceof BasicLogger.LogCommand) {
        ((BasicLogger.LogCommand) c).getLoggedCommand().execute();
      }
      else {
        c.execute();
      }
    }
    // what end_save's game start does for boards: each map takes the layout the save set
    for (BoardPicker picker : module.getAllDescendantComponentsOf(BoardPicker.class)) {
      picker.setup(true);
    }
    StringBuilder out = new StringBuilder();
    for (GamePiece p : module.getGameState().getAllPieces()) {
      if (p instanceof Stack) continue;
      Map m = p.getMap();
      Point pos = p.getPosition();
      out.append(p.getId()).append('\t').append(p.getName()).append('\t')
         .append(m == null ? "null" : m.getIdentifier()).append('\t')
         .append(pos.x).append('\t').append(pos.y).append('\t')
         .append(m == null ? "null" : m.locationName(pos)).append('\t')
         .append(p.getParent() == null ? "null" : p.getParent().getId()).append('\n');
    }
    Answers.write(args, out);
  }
}
