// Where every probe writes its answers: the file named by its first argument, never stdout, which
// the Java libraries on the classpath may write to (logback prints its status lines there).
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

public final class Answers {
  private Answers() {
  }

  public static void write(String[] args, CharSequence out) throws IOException {
    Files.write(Paths.get(args[0]), out.toString().getBytes(StandardCharsets.UTF_8));
  }
}
