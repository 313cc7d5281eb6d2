# Apache access logs for every OpenTelemetry collector tagged team=web and env=prod. The service
# sends the template to the collectors its selector picks; `totalCollectorLinked` counts them.
resource sourceTemplate "collectors:index:SourceTemplate" {
  schemaRef = {
    type = "Apache"
  }
  selector = {
    tags = [[
      {
        key    = "team"
        values = ["web"]
      },
      {
        key    = "env"
        values = ["prod"]
      }
    ]]
  }
  inputJson = {
    name        = "apache-web-prod"
    description = "Apache access logs of the production web servers."
    receivers = {
      apache = {
        receiverType = "filelog"
        include      = ["/var/log/apache2/access.log"]
      }
    }
  }
}
