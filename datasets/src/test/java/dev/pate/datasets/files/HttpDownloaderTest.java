package dev.pate.datasets.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exercises the real HTTP client against a server on the loopback interface (no network). */
class HttpDownloaderTest {
  private static final byte[] PAYLOAD = new byte[300_000];

  static {
    new Random(7).nextBytes(PAYLOAD);
  }

  @TempDir Path tmp;
  private HttpServer server;
  private final ByteArrayOutputStream progress = new ByteArrayOutputStream();
  private HttpDownloader downloader;

  @BeforeEach
  void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/data/file.bin",
        exchange -> {
          exchange.sendResponseHeaders(200, PAYLOAD.length);
          try (OutputStream body = exchange.getResponseBody()) {
            body.write(PAYLOAD);
          }
        });
    server.createContext(
        "/missing",
        exchange -> {
          exchange.sendResponseHeaders(404, -1);
          exchange.close();
        });
    server.start();
    downloader =
        new HttpDownloader(
            new PrintStream(progress, true, StandardCharsets.UTF_8), Duration.ofSeconds(2));
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
  }

  private URI url(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  @Test
  void downloadsContentAndShowsProgress() throws IOException {
    Path destination = tmp.resolve("file.bin");
    downloader.fetch(url("/data/file.bin"), destination);

    assertArrayEquals(PAYLOAD, Files.readAllBytes(destination));
    String shown = progress.toString(StandardCharsets.UTF_8);
    assertTrue(shown.contains("downloading file.bin ["), shown);
    assertTrue(shown.contains("0.3 MB/0.3 MB 100%"), shown);
  }

  @Test
  void httpErrorStatusIsAnIoException() {
    IOException e =
        assertThrows(IOException.class, () -> downloader.fetch(url("/missing"), tmp.resolve("x")));
    assertEquals("HTTP 404", e.getMessage());
  }

  @Test
  void refusedConnectionIsAnIoException() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    URI closed = URI.create("http://127.0.0.1:" + port + "/x");
    assertThrows(IOException.class, () -> downloader.fetch(closed, tmp.resolve("x")));
  }

  @Test
  void dataDirectoryDownloadsAndVerifiesThroughHttp() throws IOException {
    DataFile file =
        new DataFile(
            "web",
            "file.bin",
            PAYLOAD.length,
            Checksums.sha256(Files.write(tmp.resolve("reference.bin"), PAYLOAD)),
            List.of(url("/missing"), url("/data/file.bin")));
    Path candidate = tmp.resolve("data");

    Path folder = DataDirectory.of(List.of(candidate), downloader).locate(List.of(file));

    assertArrayEquals(PAYLOAD, Files.readAllBytes(folder.resolve("file.bin")));
  }
}
