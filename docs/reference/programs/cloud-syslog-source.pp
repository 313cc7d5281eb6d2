resource cloudSyslogCollector "collectors:index:HostedCollector" {
  description = "Receives the CloudSyslogSource example's data."
}

resource cloudSyslogSource "collectors:index:CloudSyslogSource" {
  collectorId = cloudSyslogCollector.id
  category = "net/syslog"
}
