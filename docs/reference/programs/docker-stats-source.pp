# The Installed Collector running on the host, taken over rather than created.
resource dockerStatsHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

resource dockerStatsSource "collectors:index:DockerStatsSource" {
  collectorId = dockerStatsHost.id
  uri                 = "unix:///var/run/docker.sock"
  allContainers       = false
  specifiedContainers = ["web"]
  metrics             = [{
    category = "CPU"
    metric   = "cpu_usage.percpu_usage"
  }]
  pollInterval        = 30000
}
