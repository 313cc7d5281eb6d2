# The OpenTelemetry collector named "edge-01.prod", looked up without managing it: its id is what
# the OtCollector resource's get and `adopt: { id }` take.
edgeCollector = invoke("collectors:index:getOtCollector", {
  name = "edge-01.prod"
})

output edgeCollectorId {
  value = edgeCollector.id
}
