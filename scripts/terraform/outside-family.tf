# Resource types of the same provider outside the collector family, applied alone by
# scripts/record-terraform-state.ts to note what the local service answers (it serves the
# Collector Management API only, so this apply is expected to fail).

terraform {
  required_providers {
    sumologic = {
      source = "SumoLogic/sumologic"
    }
  }
}

variable "base_url" {
  type = string
}
variable "access_id" {
  type = string
}
variable "access_key" {
  type      = string
  sensitive = true
}

provider "sumologic" {
  access_id  = var.access_id
  access_key = var.access_key
  base_url   = var.base_url
}

resource "sumologic_field" "team" {
  field_name = "team"
  data_type  = "String"
  state      = "Enabled"
}

resource "sumologic_role" "collectors" {
  name         = "collector-managers"
  capabilities = ["manageCollectors"]
}
