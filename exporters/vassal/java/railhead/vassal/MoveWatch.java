// Every command the game records, seen once: the hook that gives railhead's referee every piece
// move, whatever made it.
//
// Where VASSAL's commands meet (read from VASSAL's own source, 3.6):
// - the local player's actions (a drag's drop, a keystroke's Move Fixed Distance or Send to
//   Location, a Global Key Command, a Return to Deck...) are built as Commands and handed to
//   GameModule.sendAndLog, which sends them to the server and calls the Logger's log(c);
// - another player's commands arrive as strings; VASSAL's CommandDecoder (the server connection's
//   listener for incoming messages) decodes them, executes them and calls the Logger's log(c);
// - a step through a .vlog being replayed executes the logged command and calls sendAndLog(c);
// - Undo (BasicLogger.undo) executes the cached undo command of the last logged command, sends it
//   and adds it to the logger's output without log(c).
// The one place all four pass through is the BasicLogger's list of recorded commands (its
// protected logOutput: log(c) adds c, undo() adds the undo). GameModule creates its BasicLogger
// itself (no module component stands for it), so the watch replaces that list, once, by this
// one, which keeps every command exactly as before and tells the referee about each one added.
// Loading a saved game restores the pieces without logging them: no move is seen then (BoardFollow
// tells the referee where they stand once the game has started).
package railhead.vassal;

import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.Map;
import VASSAL.command.Command;
import VASSAL.command.Logger;
import VASSAL.command.MovePiece;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;
import VASSAL.i18n.Resources;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;

final class MoveWatch extends ArrayList<Command> {
  private static final long serialVersionUID = 1L;

  /** What a recorded command is, for the referee. */
  enum Kind {
    /** made now, here or by another player: judged */
    MOVE,
    /** VASSAL's Undo of an earlier command (here, or another player's): not judged */
    UNDO,
    /** a step of a .vlog being replayed: not judged */
    REPLAY
  }

  /** One piece's movement inside one command: where it was, every location it entered. */
  static final class Moved {
    final GamePiece piece;
    final Map fromMap;
    Map toMap;
    final List<String> path = new ArrayList<>();

    Moved(GamePiece piece, Map fromMap, String from) {
      this.piece = piece;
      this.fromMap = fromMap;
      path.add(from);
    }
  }

  private static MoveWatch watching;  // of the module loaded (VASSAL loads one per process)

  private final transient GameModule module;
  private final transient BasicLogger logger;
  private final transient RailheadReferee first;  // for a map without a referee of its own
  // the undo commands of the commands recorded: VASSAL's Undo adds one of these very objects
  private final transient Set<Command> undos = Collections.newSetFromMap(new IdentityHashMap<>());
  private final transient Field logInput;  // the replayed log's commands and the next one's index
  private final transient Field nextInput;
  private final String undoPrefix;

  private MoveWatch(GameModule module, BasicLogger logger, RailheadReferee first, Collection<Command> had)
      throws ReflectiveOperationException {
    super(had);
    this.module = module;
    this.logger = logger;
    this.first = first;
    logInput = BasicLogger.class.getDeclaredField("logInput");
    logInput.setAccessible(true);
    nextInput = BasicLogger.class.getDeclaredField("nextInput");
    nextInput.setAccessible(true);
    for (Command c : had) {
      remember(c);
    }
    // "* UNDO: %1$s": the words VASSAL puts before the report of a move it takes back
    String undo = Resources.getString("Chatter.undo_message", "\u0000");
    undoPrefix = undo.substring(0, Math.max(0, undo.indexOf('\u0000')));
  }

  /**
   * Watches the module's moves, once (every map's referee asks; the first one installs): replaces
   * the list of commands of the game's BasicLogger by a watching copy. Says in the chat when this
   * VASSAL's logger cannot be watched (then no move is judged).
   */
  static synchronized void install(RailheadReferee referee) {
    GameModule module = GameModule.getGameModule();
    if (module == null || (watching != null && watching.module == module)) {
      return;
    }
    Logger logger = module.getLogger();
    try {
      if (!(logger instanceof BasicLogger)) {
        throw new IllegalStateException("the game's logger is a "
            + (logger == null ? "null" : logger.getClass().getName()) + ", not VASSAL's BasicLogger");
      }
      Field output = BasicLogger.class.getDeclaredField("logOutput");
      output.setAccessible(true);
      @SuppressWarnings("unchecked")
      List<Command> had = (List<Command>) output.get(logger);
      MoveWatch watch = new MoveWatch(module, (BasicLogger) logger, referee, had);
      output.set(logger, watch);
      watching = watch;
      module.getGameState().addGameComponent(new BoardFollow(referee));  // a game's pieces, placed unrecorded
    }
    catch (ReflectiveOperationException | RuntimeException e) {
      RailheadReferee.show("railhead referee: this VASSAL's moves cannot be watched (" + e
          + "): no move is judged");
    }
  }

  @Override
  public boolean add(Command c) {
    boolean added = super.add(c);
    try {
      seen(c);
    }
    catch (RuntimeException e) {  // never in VASSAL's way: the command is recorded all the same
      RailheadReferee.show("railhead referee: a move could not be read (" + e + "): not checked");
    }
    return added;
  }

  @Override
  public void clear() {  // a new game (BasicLogger.setup) or a new log file
    super.clear();
    undos.clear();
  }

  private void remember(Command c) {
    Command undo = c.getUndoCommand();  // cached by the command: the object Undo will add
    if (undo != null && !undo.isNull()) {
      undos.add(undo);
    }
  }

  /** A command just recorded: each piece it moved goes to the referee of the map it moved on. */
  private void seen(Command c) {
    Kind kind;
    if (undos.remove(c)) {
      kind = Kind.UNDO;  // this player's Undo
    }
    else if (replayed(c)) {
      kind = Kind.REPLAY;
      remember(c);
    }
    else if (reportsUndo(c)) {
      kind = Kind.UNDO;  // another player's Undo: VASSAL's "* UNDO: " report travels with it
    }
    else {
      kind = Kind.MOVE;
      remember(c);
    }
    LinkedHashMap<GamePiece, Moved> moves = new LinkedHashMap<>();
    collect(c, kind == Kind.UNDO, moves);
    for (Moved m : moves.values()) {
      String from = m.path.get(0);
      String to = m.path.get(m.path.size() - 1);
      if (m.fromMap == null || from == null || (m.toMap == m.fromMap && m.path.size() < 2)) {
        continue;  // put on a map from no map (a new piece), or restacked where it stands
      }
      RailheadReferee referee = m.toMap != null && m.toMap.getPieceMover() instanceof RailheadReferee
          ? (RailheadReferee) m.toMap.getPieceMover() : first;
      if (m.toMap == null) {
        referee.notJudged(m.piece.getName(), from, "(no map)", "taken off the map: not judged");
      }
      else if (m.toMap != m.fromMap) {
        referee.notJudged(m.piece.getName(), from, to,
            "moved from map " + m.fromMap.getMapName() + " to map " + m.toMap.getMapName() + ": not judged");
      }
      else {
        referee.moved(m.piece.getName(), m.path, kind);
      }
    }
  }

  /** Whether c is the step of a replayed log being made now (BasicLogger.step logs it). */
  private boolean replayed(Command c) {
    try {
      List<?> in = (List<?>) logInput.get(logger);
      int next = nextInput.getInt(logger);
      return next > 0 && next <= in.size() && in.get(next - 1) == c;
    }
    catch (IllegalAccessException e) {
      return false;
    }
  }

  private boolean reportsUndo(Command c) {
    if (c instanceof Chatter.DisplayText && !undoPrefix.isEmpty()) {
      String msg = ((Chatter.DisplayText) c).getMessage();
      if (msg != null && msg.startsWith(undoPrefix)) {
        return true;
      }
    }
    for (Command sub : c.getSubCommands()) {
      if (reportsUndo(sub)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The pieces a command moved, in the order it moved them, each with the locations it entered: a
   * MovePiece of a stack moves every piece in it (in reverse for an undo, which takes moves back
   * last first). Executed before it is recorded, so the stack holds its pieces now.
   */
  private void collect(Command c, boolean undo, LinkedHashMap<GamePiece, Moved> moves) {
    if (c instanceof MovePiece) {
      MovePiece mp = (MovePiece) c;
      GamePiece piece = module.getGameState().getPieceForId(mp.getId());
      List<GamePiece> pieces = new ArrayList<>();
      if (piece instanceof Stack) {
        pieces.addAll(((Stack) piece).asList());
        if (undo) {
          Collections.reverse(pieces);
        }
      }
      else if (piece != null) {
        pieces.add(piece);
      }
      Map oldMap = Map.getMapById(mp.getOldMapId());
      Map newMap = Map.getMapById(mp.getNewMapId());
      String from = oldMap == null || mp.getOldPosition() == null ? null : oldMap.locationName(mp.getOldPosition());
      String to = newMap == null || mp.getNewPosition() == null ? null : newMap.locationName(mp.getNewPosition());
      for (GamePiece p : pieces) {
        Moved m = moves.get(p);
        if (m == null) {
          m = new Moved(p, oldMap, from);
          moves.put(p, m);
        }
        m.toMap = newMap;
        if (to != null && !to.equals(m.path.get(m.path.size() - 1))) {
          m.path.add(to);
        }
      }
    }
    for (Command sub : c.getSubCommands()) {
      collect(sub, undo, moves);
    }
  }
}
