package dev.pate.datasets.files;

import dev.pate.datasets.progress.ProgressBar;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Downloads over HTTP(S) with {@link java.net.http.HttpClient}, showing a byte progress bar.
 *
 * <p>The connect timeout is short (default {@value #DEFAULT_CONNECT_TIMEOUT_SECONDS} s) so that an
 * offline machine fails within seconds rather than hanging; redirects are followed except from
 * HTTPS to HTTP. Integrity is not this class's business: {@link DataDirectory} verifies the SHA-256
 * of whatever arrives.
 */
public final class HttpDownloader implements Downloader {
  /** Default time allowed to open a connection. */
  public static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 5;

  /** Time allowed from sending the request to receiving the response headers. */
  private static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);

  private final Duration connectTimeout;
  private final PrintStream progressOut;

  /** A downloader with the default connect timeout, printing progress to {@code progressOut}. */
  public HttpDownloader(PrintStream progressOut) {
    this(progressOut, Duration.ofSeconds(DEFAULT_CONNECT_TIMEOUT_SECONDS));
  }

  /** A downloader with the given connect timeout, printing progress to {@code progressOut}. */
  public HttpDownloader(PrintStream progressOut, Duration connectTimeout) {
    this.progressOut = Objects.requireNonNull(progressOut, "progressOut");
    if (connectTimeout.isNegative() || connectTimeout.isZero()) {
      throw new IllegalArgumentException("connectTimeout: " + connectTimeout + " is not > 0");
    }
    this.connectTimeout = connectTimeout;
  }

  @Override
  public void fetch(URI source, Path destination) throws IOException {
    HttpRequest request = HttpRequest.newBuilder(source).timeout(RESPONSE_TIMEOUT).GET().build();
    // Built per download, not with the downloader: nearly every run finds its files on disk, and
    // a client starts a selector thread that such runs would pay for and never use.
    HttpClient client = HttpClient.newBuilder()
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NORMAL)
        .build();
    HttpResponse<InputStream> response;
    try {
      response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while connecting to " + source.getHost());
    }
    try (InputStream in = response.body()) {
      if (response.statusCode() != 200) {
        throw new IOException("HTTP " + response.statusCode());
      }
      long length = response.headers().firstValueAsLong("Content-Length").orElse(-1);
      String name = Path.of(source.getPath()).getFileName().toString();
      ProgressBar bar =
          ProgressBar.forBytes("downloading " + name, Math.max(length, 0), progressOut);
      try (OutputStream out = Files.newOutputStream(destination)) {
        byte[] buffer = new byte[1 << 16];
        for (int n; (n = in.read(buffer)) >= 0; ) {
          out.write(buffer, 0, n);
          if (length > 0) {
            bar.step(n);
          }
        }
      }
      bar.done();
    }
  }
}
