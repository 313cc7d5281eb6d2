# The collector builds the service offers; the newest has `latest` set.
upgradeTargets = invoke("collectors:index:getUpgradeTargets", {})

output firstBuild {
  value = upgradeTargets.targets[0].version
}
