resource otlpCollector "collectors:index:HostedCollector" {
  description = "Receives the OtlpSource example's data."
}

resource otlpSource "collectors:index:OtlpSource" {
  collectorId = otlpCollector.id
  category = "otel"
}
