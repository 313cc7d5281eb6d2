resource hostedCollector "collectors:index:HostedCollector" {
  description = "Receives the application's logs and metrics."
  category    = "prod/app"
  timeZone    = "UTC"
  fields = {
    team = "web"
  }
}
