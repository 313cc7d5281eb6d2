# The Installed Collector named "web-01.prod", looked up without managing it: its id is what a
# source's collectorId and the collector resource's get take (`collectors list` shows every
# collector's name and id).
webHost = invoke("collectors:index:getCollector", {
  name = "web-01.prod"
})

output webHostId {
  value = webHost.id
}
