# The Installed Collector running on the host, taken over rather than created.
resource dockerLogHost "collectors:index:InstalledCollector" {
  adopt = {
    name = "web-01.prod"
  }
}

resource dockerLogSource "collectors:index:DockerLogSource" {
  collectorId = dockerLogHost.id
  uri           = "unix:///var/run/docker.sock"
  allContainers = true
  collectEvents = true
}
