// When a game starts (a new game set up, a saved game or a log loaded), VASSAL puts its pieces on
// the maps without recording a move: GameState's restore command adds them, then sets every game
// component up (SetupCommand(true), last). The referee is told where the board has its units
// then, so that the moves that follow are judged from there.
package railhead.vassal;

import VASSAL.build.module.GameComponent;
import VASSAL.build.module.Map;
import VASSAL.command.Command;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import javax.swing.SwingUtilities;

final class BoardFollow implements GameComponent {
  private final RailheadReferee referee;

  BoardFollow(RailheadReferee referee) {
    this.referee = referee;
  }

  @Override
  public void setup(boolean gameStarting) {
    if (!gameStarting) {
      return;
    }
    // after every component has set up (a new game's at-start stacks are placed by theirs)
    SwingUtilities.invokeLater(() -> {
      java.util.Map<String, String> where = new LinkedHashMap<>();  // piece name -> location
      for (Map map : Map.getMapList()) {
        for (GamePiece top : map.getAllPieces()) {
          List<GamePiece> pieces = new ArrayList<>();
          if (top instanceof Stack) {
            pieces.addAll(((Stack) top).asList());
          }
          else {
            pieces.add(top);
          }
          for (GamePiece p : pieces) {
            where.put(p.getName(), map.locationName(p.getPosition()));
          }
        }
      }
      referee.gameStarted(where);
    });
  }

  @Override
  public Command getRestoreCommand() {
    return null;  // nothing of its own to save
  }
}
