// Asks VASSAL's own SquareGrid/SquareGridNumbering and RegionGrid/Region (from Vengine.jar) what
// they call points of a board.
// stdin: "W H"; "square k=v;..." then "numbering k=v;..." -- or "regions", then one
// "region name=..;originx=..;originy=.." per region; then "points" and one "x y" per line.
// answers (written to the file named by the first argument, see Answers): one location name per point.
import VASSAL.build.AbstractConfigurable;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.MapGrid;
import VASSAL.build.module.map.boardPicker.board.Region;
import VASSAL.build.module.map.boardPicker.board.RegionGrid;
import VASSAL.build.module.map.boardPicker.board.SquareGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering;
import java.awt.Point;
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class GridProbe {
  static void set(AbstractConfigurable c, String line) {
    for (String kv : line.split(";")) {
      if (kv.isEmpty()) continue;
      int i = kv.indexOf('=');
      c.setAttribute(kv.substring(0, i), kv.substring(i + 1));
    }
  }

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    String[] size = in.readLine().trim().split(" ");
    Board board = new Board();
    board.setAttribute("width", size[0]);
    board.setAttribute("height", size[1]);
    MapGrid grid;
    String line = in.readLine();
    if (line.startsWith("square")) {
      SquareGrid square = new SquareGrid();
      set(square, line.substring(6).trim());
      square.addTo(board);
      SquareGridNumbering numbering = new SquareGridNumbering();
      set(numbering, in.readLine().substring(9).trim());
      numbering.addTo(square);
      grid = square;
    }
    else {
      RegionGrid regions = new RegionGrid();
      regions.addTo(board);
      while (!(line = in.readLine()).equals("points")) {
        Region region = new Region();
        set(region, line.substring(6).trim());
        regions.addRegion(region);
      }
      grid = regions;
    }
    while (line != null && !line.equals("points")) line = in.readLine();
    StringBuilder out = new StringBuilder();
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      String[] xy = line.trim().split(" ");
      out.append(grid.locationName(new Point(Integer.parseInt(xy[0]), Integer.parseInt(xy[1])))).append('\n');
    }
    Answers.write(args, out);
  }
}
