# The Installed Collector running on the host, taken over rather than created.
resource streamingMetricsHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

resource streamingMetricsSource "collectors:index:StreamingMetricsSource" {
  collectorId = streamingMetricsHost.id
  contentType = "Carbon2"
  protocol    = "TCP"
  port        = 2003
}
