// Written by `npm run contract-meta` from the registry and the records (lib/data-api/meta-build.ts): do not edit.
// The contract as plain data for pages, so the browser's first load carries no schemas (see meta.ts).
import type { OperationMeta, RecordMeta } from "./meta";
import type { OperationId } from "./registry";

export const OPERATION_META = {
  "listAllocations": {
    "id": "listAllocations",
    "method": "GET",
    "version": "v1",
    "path": "/allocations",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listArAging": {
    "id": "listArAging",
    "method": "GET",
    "version": "v1",
    "path": "/arAging",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listCustomerPricing": {
    "id": "listCustomerPricing",
    "method": "GET",
    "version": "v1",
    "path": "/customerPricing",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false,
        "description": "Described as required (403 if none is accessible) and also marked optional."
      },
      "EffectiveDate": {
        "kind": "date",
        "required": false,
        "description": "Default today. Promotion validity is evaluated at this date."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listCustomers": {
    "id": "listCustomers",
    "method": "GET",
    "version": "v1",
    "path": "/customers",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "AccountStatuses": {
        "kind": "list of values",
        "required": false,
        "defaultValue": "Active",
        "values": [
          "Active",
          "Inactive",
          "OutOfBus"
        ]
      },
      "OnHold": {
        "kind": "boolean",
        "required": false,
        "description": "true: only customers on hold; false: excludes them; omitted: no filter."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listCustomerCreditTerms": {
    "id": "listCustomerCreditTerms",
    "method": "GET",
    "version": "v1",
    "path": "/customers/creditTerms",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "getCustomer": {
    "id": "getCustomer",
    "method": "GET",
    "version": "v1",
    "path": "/customers/{customerID}",
    "envelope": "v1-single",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "listDeliveryDays": {
    "id": "listDeliveryDays",
    "method": "GET",
    "version": "v1",
    "path": "/deliveryDays",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listInventory": {
    "id": "listInventory",
    "method": "GET",
    "version": "v1",
    "path": "/inventory",
    "envelope": "v1-list",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "ProductIDs": {
        "kind": "id list",
        "required": false
      },
      "LocationIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listInventoryBatches": {
    "id": "listInventoryBatches",
    "method": "GET",
    "version": "v1",
    "path": "/inventory/batches",
    "envelope": "v1-list",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "ProductIDs": {
        "kind": "id list",
        "required": false
      },
      "LocationIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "BatchCodes": {
        "kind": "text list",
        "required": false,
        "description": "Exact match."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listAvailableInventory": {
    "id": "listAvailableInventory",
    "method": "GET",
    "version": "v1",
    "path": "/availableInventory",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "ProductIDs": {
        "kind": "id list",
        "required": false
      },
      "LocationIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listRetailerInventory": {
    "id": "listRetailerInventory",
    "method": "GET",
    "version": "v1",
    "path": "/retailerInventory",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "ProductIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listInvoices": {
    "id": "listInvoices",
    "method": "GET",
    "version": "v1",
    "path": "/invoices",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "InvoiceIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Statuses": {
        "kind": "id list",
        "required": false,
        "defaultValue": "1",
        "values": [
          "1",
          "2",
          "3",
          "4",
          "5",
          "7"
        ],
        "description": "Invoice status ids: 1 New, 2 Locked for Routing, 3 Loaded, 4 Returned, 5 Balanced, 7 Verified."
      },
      "StartDate": {
        "kind": "date",
        "required": false,
        "description": "On or after."
      },
      "EndDate": {
        "kind": "date",
        "required": false,
        "description": "On or before."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "getInvoice": {
    "id": "getInvoice",
    "method": "GET",
    "version": "v1",
    "path": "/invoices/{invoiceID}",
    "envelope": "v1-single",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "listInvoiceTransactions": {
    "id": "listInvoiceTransactions",
    "method": "GET",
    "version": "v1",
    "path": "/invoiceTransactions",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "InvoiceIDs": {
        "kind": "id list",
        "required": true
      },
      "Statuses": {
        "kind": "id list",
        "required": false,
        "values": [
          "1",
          "2",
          "3",
          "4",
          "5",
          "7"
        ],
        "description": "When given and not including 7, verified invoices are excluded."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listInvoiceTransactionsOfInvoice": {
    "id": "listInvoiceTransactionsOfInvoice",
    "method": "GET",
    "version": "v1",
    "path": "/invoiceTransactions/{invoiceID}",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listInvoiceCreditTerms": {
    "id": "listInvoiceCreditTerms",
    "method": "GET",
    "version": "v1",
    "path": "/invoices/creditTerms",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "TermIDs": {
        "kind": "id list",
        "required": false
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listInvoiceCOAs": {
    "id": "listInvoiceCOAs",
    "method": "GET",
    "version": "v1",
    "path": "/invoiceCOAs",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "InvoiceIDs": {
        "kind": "id list",
        "required": true
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listInvoiceCOAsOfInvoice": {
    "id": "listInvoiceCOAsOfInvoice",
    "method": "GET",
    "version": "v1",
    "path": "/invoiceCOAs/{invoiceID}",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listLocations": {
    "id": "listLocations",
    "method": "GET",
    "version": "v1",
    "path": "/locations",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "LocationIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "getLocation": {
    "id": "getLocation",
    "method": "GET",
    "version": "v1",
    "path": "/locations/{locationID}",
    "envelope": "v1-single",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "listMenuPromotions": {
    "id": "listMenuPromotions",
    "method": "GET",
    "version": "v1",
    "path": "/menuPromotions",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "StartDate": {
        "kind": "date",
        "required": false,
        "description": "Returns promotions whose end date is on or after it."
      },
      "EndDate": {
        "kind": "date",
        "required": false,
        "description": "Returns promotions whose start date is on or before it."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listPromotionProducts": {
    "id": "listPromotionProducts",
    "method": "GET",
    "version": "v1",
    "path": "/promotionsProducts",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listProductCategories": {
    "id": "listProductCategories",
    "method": "GET",
    "version": "v1",
    "path": "/productCategories",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listProducts": {
    "id": "listProducts",
    "method": "GET",
    "version": "v1",
    "path": "/products",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "ProductIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Statuses": {
        "kind": "id list",
        "required": false,
        "defaultValue": "1",
        "values": [
          "0",
          "1",
          "2",
          "3",
          "4",
          "5"
        ],
        "description": "Product status ids; ignored when ProductIDs is given."
      },
      "SupplierProductNumbers": {
        "kind": "text list",
        "required": false,
        "description": "Exact match; items may contain any characters but commas."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "getProduct": {
    "id": "getProduct",
    "method": "GET",
    "version": "v1",
    "path": "/products/{productID}",
    "envelope": "v1-single",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "listStates": {
    "id": "listStates",
    "method": "GET",
    "version": "v1",
    "path": "/states",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listSuppliers": {
    "id": "listSuppliers",
    "method": "GET",
    "version": "v1",
    "path": "/suppliers",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "Active": {
        "kind": "boolean",
        "required": false,
        "description": "Default: active only, for Customer and Supplier keys."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listSupplierCreditTerms": {
    "id": "listSupplierCreditTerms",
    "method": "GET",
    "version": "v1",
    "path": "/suppliers/creditTerms",
    "envelope": "v1-list",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "getSupplier": {
    "id": "getSupplier",
    "method": "GET",
    "version": "v1",
    "path": "/suppliers/{supplierID}",
    "envelope": "v1-single",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "listUsers": {
    "id": "listUsers",
    "method": "GET",
    "version": "v1",
    "path": "/users",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "UserIDs": {
        "kind": "id list",
        "required": false
      },
      "States": {
        "kind": "text list",
        "required": false,
        "description": "State abbreviations."
      },
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "Roles": {
        "kind": "list of values",
        "required": false,
        "values": [
          "Customer",
          "Supplier",
          "Admin",
          "DistributorRep"
        ]
      },
      "Active": {
        "kind": "boolean",
        "required": false,
        "description": "Defaults to true for Customer and Supplier keys."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "getUser": {
    "id": "getUser",
    "method": "GET",
    "version": "v1",
    "path": "/users/{userID}",
    "envelope": "v1-single",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "listPaymentTypes": {
    "id": "listPaymentTypes",
    "method": "GET",
    "version": "v1",
    "path": "/payments/types",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "PaymentTypeIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "Active": {
        "kind": "boolean",
        "required": false,
        "description": "Defaults to active suppliers only; only Employee keys may override."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listPayments": {
    "id": "listPayments",
    "method": "GET",
    "version": "v1",
    "path": "/payments",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "ARAccountIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "PaymentTypeIDs": {
        "kind": "id list",
        "required": false
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listOpenInvoices": {
    "id": "listOpenInvoices",
    "method": "GET",
    "version": "v1",
    "path": "/payments/openInvoices",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "ARAccountIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false,
        "description": "Meaningful only for supplier keys; ignored for customer and employee keys."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listPaymentApplications": {
    "id": "listPaymentApplications",
    "method": "GET",
    "version": "v1",
    "path": "/payments/applications",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "ARAccountIDs": {
        "kind": "id list",
        "required": false
      },
      "SupplierIDs": {
        "kind": "id list",
        "required": false,
        "description": "Matched against the supplier on the underlying payment."
      },
      "PaymentInvoiceNums": {
        "kind": "text list",
        "required": false
      },
      "TargetInvoiceNums": {
        "kind": "text list",
        "required": false
      },
      "Statuses": {
        "kind": "list of values",
        "required": false,
        "values": [
          "Pending",
          "Exported",
          "Confirmed",
          "Rejected"
        ]
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listVendors": {
    "id": "listVendors",
    "method": "GET",
    "version": "v1",
    "path": "/vendors",
    "envelope": "v1-list",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "LocationIDs": {
        "kind": "id list",
        "required": false,
        "description": "Destination warehouses."
      },
      "VendorIDs": {
        "kind": "id list",
        "required": false
      },
      "Active": {
        "kind": "boolean",
        "required": false,
        "defaultValue": "true",
        "description": "Only Employee keys may request inactive vendors."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listPurchases": {
    "id": "listPurchases",
    "method": "GET",
    "version": "v1",
    "path": "/purchases",
    "envelope": "v1-list",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "PurchaseIDs": {
        "kind": "id list",
        "required": false
      },
      "VendorIDs": {
        "kind": "id list",
        "required": false
      },
      "LocationIDs": {
        "kind": "id list",
        "required": false
      },
      "Statuses": {
        "kind": "list of values",
        "required": false,
        "values": [
          "New",
          "Accepted",
          "Received",
          "Confirmed",
          "Verified"
        ],
        "description": "Default: all."
      },
      "StartDate": {
        "kind": "date",
        "required": false,
        "description": "Bound on PostDate."
      },
      "EndDate": {
        "kind": "date",
        "required": false,
        "description": "Bound on PostDate."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "getPurchase": {
    "id": "getPurchase",
    "method": "GET",
    "version": "v1",
    "path": "/purchases/{purchaseID}",
    "envelope": "v1-object",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "listPurchaseTransactions": {
    "id": "listPurchaseTransactions",
    "method": "GET",
    "version": "v1",
    "path": "/purchaseTrans",
    "envelope": "v1-list",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "PurchaseIDs": {
        "kind": "id list",
        "required": true
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "listSalesReps": {
    "id": "listSalesReps",
    "method": "GET",
    "version": "v1",
    "path": "/salesReps",
    "envelope": "v1-list",
    "access": {
      "Customer": "scoped",
      "Supplier": "scoped"
    },
    "query": {
      "SupplierIDs": {
        "kind": "id list",
        "required": false
      },
      "CustomerIDs": {
        "kind": "id list",
        "required": false
      },
      "ProductGroups": {
        "kind": "text list",
        "required": false,
        "description": "Product group names; 'Supplier' limits to Supplier Reps."
      },
      "Page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "PageSize": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "createPaymentApplication": {
    "id": "createPaymentApplication",
    "method": "POST",
    "version": "v1",
    "path": "/payments/applications",
    "envelope": "v1-object",
    "access": {
      "Customer": "scoped",
      "Supplier": "forbidden"
    },
    "query": {
      "PaymentInvoiceNum": {
        "kind": "text",
        "required": true,
        "description": "Invoice number of the payment to allocate from."
      },
      "TargetInvoiceNum": {
        "kind": "text",
        "required": true,
        "description": "Invoice number to allocate toward."
      },
      "ARAccountID": {
        "kind": "integer",
        "required": true,
        "description": "AR account that both invoices belong to."
      },
      "Amount": {
        "kind": "decimal",
        "required": true,
        "description": "Positive; must not exceed the payment's available balance."
      }
    }
  },
  "listPurchasesV2": {
    "id": "listPurchasesV2",
    "method": "GET",
    "version": "v2",
    "path": "/purchases",
    "envelope": "v2-list",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "purchase_ids": {
        "kind": "purchase id list",
        "required": false
      },
      "vendor_ids": {
        "kind": "id list",
        "required": false
      },
      "location_ids": {
        "kind": "id list",
        "required": false
      },
      "statuses": {
        "kind": "list of values",
        "required": false,
        "values": [
          "New",
          "Accepted",
          "Received",
          "Confirmed",
          "Verified",
          "InProgress",
          "Submitted"
        ],
        "description": "InProgress and Submitted select API-originated orders (drafts included); other statuses select ERP-posted purchases; a mix returns both in one list. Omitted: all."
      },
      "start_date": {
        "kind": "date",
        "required": false,
        "description": "Bound on post_date for posted purchases, on delivery_date for API drafts."
      },
      "end_date": {
        "kind": "date",
        "required": false,
        "description": "Bound on post_date for posted purchases, on delivery_date for API drafts."
      },
      "include_transactions": {
        "kind": "boolean",
        "required": false,
        "defaultValue": "true",
        "description": "false omits purchase_transactions."
      },
      "page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "page_size": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  },
  "createPurchase": {
    "id": "createPurchase",
    "method": "POST",
    "version": "v2",
    "path": "/purchases",
    "envelope": "v2-single",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "submit": {
        "kind": "boolean",
        "required": false,
        "defaultValue": "false",
        "description": "true creates it directly in Submitted, after checking it is ready."
      }
    }
  },
  "validatePurchase": {
    "id": "validatePurchase",
    "method": "POST",
    "version": "v2",
    "path": "/purchases/validate",
    "envelope": "v2-single",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "getPurchaseV2": {
    "id": "getPurchaseV2",
    "method": "GET",
    "version": "v2",
    "path": "/purchases/{purchaseID}",
    "envelope": "v2-single",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "include_transactions": {
        "kind": "boolean",
        "required": false,
        "defaultValue": "true",
        "description": "false omits purchase_transactions."
      }
    }
  },
  "updatePurchase": {
    "id": "updatePurchase",
    "method": "PATCH",
    "version": "v2",
    "path": "/purchases/{purchaseGlobalID}",
    "envelope": "v2-single",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "deletePurchase": {
    "id": "deletePurchase",
    "method": "DELETE",
    "version": "v2",
    "path": "/purchases/{purchaseGlobalID}",
    "envelope": "none",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "submitPurchase": {
    "id": "submitPurchase",
    "method": "POST",
    "version": "v2",
    "path": "/purchases/{purchaseGlobalID}/submit",
    "envelope": "v2-single",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {}
  },
  "listPurchaseLinesV2": {
    "id": "listPurchaseLinesV2",
    "method": "GET",
    "version": "v2",
    "path": "/purchaseTrans",
    "envelope": "v2-list",
    "access": {
      "Customer": "forbidden",
      "Supplier": "scoped"
    },
    "query": {
      "purchase_ids": {
        "kind": "id list",
        "required": true
      },
      "page": {
        "kind": "integer",
        "required": false,
        "defaultValue": "1"
      },
      "page_size": {
        "kind": "integer",
        "required": false,
        "defaultValue": "50"
      }
    }
  }
} satisfies Record<OperationId, OperationMeta>;

export const RECORD_META = {
  "CustomerPrice": {
    "id": "CustomerPrice",
    "fields": {
      "ProductID": {
        "label": "number"
      },
      "CustomerID": {
        "label": "number"
      },
      "FullPrice": {
        "label": "dec-string"
      },
      "UnitPrice": {
        "label": "dec-string",
        "description": "Equals FullPrice when no promotion applies."
      },
      "Discount": {
        "label": "dec-string"
      },
      "PromotionID": {
        "label": "number?"
      },
      "StartDate": {
        "label": "date?"
      },
      "EndDate": {
        "label": "date?"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "MenuPromotion": {
    "id": "MenuPromotion",
    "fields": {
      "MenuPromotionID": {
        "label": "number"
      },
      "SupplierID": {
        "label": "number"
      },
      "SupplierName": {
        "label": "string"
      },
      "State": {
        "label": "string"
      },
      "Description": {
        "label": "string"
      },
      "StartDate": {
        "label": "date"
      },
      "EndDate": {
        "label": "date"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "Product": {
    "id": "Product",
    "fields": {
      "ProductID": {
        "label": "number"
      },
      "SupplierID": {
        "label": "number"
      },
      "WholesaleUnitsPerCase": {
        "label": "number"
      },
      "SvcLiveCategoryID": {
        "label": "number"
      },
      "StatusID": {
        "label": "number",
        "description": "0 Discontinued, 1 Active, 2 Pre-order, 3 Manufacture, 4 Unavailable, 5 Close Out."
      },
      "ProductGroupID": {
        "label": "number"
      },
      "PackageID": {
        "label": "number"
      },
      "ProductTypeID": {
        "label": "number"
      },
      "BrandID": {
        "label": "number"
      },
      "Supplier": {
        "label": "string"
      },
      "ProductName": {
        "label": "string"
      },
      "BrandFamily": {
        "label": "string"
      },
      "ProductTypeName": {
        "label": "string"
      },
      "UnitNetWeight": {
        "label": "string",
        "description": "Text such as 28g."
      },
      "Description": {
        "label": "string"
      },
      "Ingredients": {
        "label": "string"
      },
      "ThumbnailImageURL": {
        "label": "string"
      },
      "FullSizeImageURL": {
        "label": "string"
      },
      "Potency": {
        "label": "string"
      },
      "Blend": {
        "label": "string",
        "description": "Hybrid, Indica or Sativa."
      },
      "SvcMenuCategory": {
        "label": "string"
      },
      "State": {
        "label": "string"
      },
      "BrandStyle": {
        "label": "string"
      },
      "PackageName": {
        "label": "string"
      },
      "Flavor": {
        "label": "string"
      },
      "BrandName": {
        "label": "string"
      },
      "SupplierProductNumber": {
        "label": "string",
        "description": "Not unique: test data holds values such as N/A and 0."
      },
      "PotencyTHC": {
        "label": "string?"
      },
      "StrainName": {
        "label": "string?"
      },
      "StrainID": {
        "label": "number?"
      },
      "IsSample": {
        "label": "boolean"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "ProductCategory": {
    "id": "ProductCategory",
    "fields": {
      "ProductCategoryID": {
        "label": "number"
      },
      "CategoryName": {
        "label": "string"
      },
      "Sequence": {
        "label": "number"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "PromotionProduct": {
    "id": "PromotionProduct",
    "fields": {
      "PromotionID": {
        "label": "number"
      },
      "PromotionTypeID": {
        "label": "number"
      },
      "States": {
        "label": "string[]"
      },
      "PromotionName": {
        "label": "string"
      },
      "ProductOverrideType": {
        "label": "string",
        "description": "For example none."
      },
      "UnitPrice": {
        "label": "number"
      },
      "StartDate": {
        "label": "date"
      },
      "EndDate": {
        "label": "date"
      },
      "AllProducts": {
        "label": "boolean"
      },
      "ProductIDs": {
        "label": "number[]"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "Customer": {
    "id": "Customer",
    "fields": {
      "CustomerID": {
        "label": "number"
      },
      "LocationID": {
        "label": "number"
      },
      "SalesRepUserID": {
        "label": "number"
      },
      "DeliveryMinimum": {
        "label": "number"
      },
      "CustomerName": {
        "label": "string"
      },
      "CustomerNameAlt": {
        "label": "string"
      },
      "ChainName": {
        "label": "string"
      },
      "LicenseNum": {
        "label": "string"
      },
      "Address": {
        "label": "string"
      },
      "SalesRepName": {
        "label": "string"
      },
      "SalesRepEmail": {
        "label": "string"
      },
      "SalesRepPhone": {
        "label": "string"
      },
      "ProfilePictureURL": {
        "label": "string"
      },
      "State": {
        "label": "string"
      },
      "CollectionAgentFullName": {
        "label": "string?"
      },
      "CollectionAgentEmail": {
        "label": "string?"
      },
      "OnHold": {
        "label": "boolean"
      },
      "DeliveryDays": {
        "label": "string",
        "description": "Weekday numbers, 1 = Monday .. 7 = Sunday."
      },
      "NextDeliveryDates": {
        "label": "string",
        "description": "Dates joined by ';'."
      },
      "DeliveryDates": {
        "label": "date[]"
      },
      "AccountStatus": {
        "label": "'Active' | 'Inactive' | 'OutOfBus'",
        "description": "OutOfBus is labelled Out of Business."
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "CustomerCreditTerm": {
    "id": "CustomerCreditTerm",
    "fields": {
      "CustomerID": {
        "label": "number"
      },
      "SupplierID": {
        "label": "number"
      },
      "TermID": {
        "label": "number"
      },
      "Term": {
        "label": "string"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "DeliverySchedule": {
    "id": "DeliverySchedule",
    "fields": {
      "CustomerID": {
        "label": "number"
      },
      "DeliveryDays": {
        "label": "string",
        "description": "Weekday numbers, 1 = Monday .. 7 = Sunday."
      },
      "DeliveryDates": {
        "label": "date[]"
      }
    }
  },
  "CreditTerm": {
    "id": "CreditTerm",
    "fields": {
      "TermID": {
        "label": "number"
      },
      "Term": {
        "label": "string"
      },
      "DaysOfCredit": {
        "label": "number"
      },
      "AccountOnHold": {
        "label": "boolean"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "Location": {
    "id": "Location",
    "fields": {
      "LocationID": {
        "label": "number"
      },
      "Location": {
        "label": "string"
      },
      "DBA": {
        "label": "string"
      },
      "Address": {
        "label": "string"
      },
      "Address2": {
        "label": "string?"
      },
      "Address3": {
        "label": "string?"
      },
      "City": {
        "label": "string"
      },
      "State": {
        "label": "string"
      },
      "PostalCode": {
        "label": "string"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "SalesRep": {
    "id": "SalesRep",
    "fields": {
      "UserID": {
        "label": "number"
      },
      "Name": {
        "label": "string"
      },
      "Email": {
        "label": "string"
      },
      "Type": {
        "label": "'Territory Manager' | 'Supplier Rep'",
        "description": "Derived from ProductGroups: 'Supplier' means a Supplier Rep, any other group a Territory Manager."
      },
      "ProductGroups": {
        "label": "string[]"
      },
      "Suppliers": {
        "label": "SupplierRef[]"
      },
      "Customers": {
        "label": "CustomerRef[]"
      }
    }
  },
  "State": {
    "id": "State",
    "fields": {
      "StateAbbreviation": {
        "label": "string"
      },
      "StateName": {
        "label": "string"
      },
      "OrderCutOffTime": {
        "label": "string",
        "description": "A clock time, for example 2:30 PM."
      },
      "TimeZone": {
        "label": "string",
        "description": "An IANA time zone name."
      },
      "OrderCutOffDaysInAdvance": {
        "label": "string"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "Supplier": {
    "id": "Supplier",
    "fields": {
      "SupplierID": {
        "label": "number"
      },
      "Supplier": {
        "label": "string"
      },
      "State": {
        "label": "string"
      },
      "Description": {
        "label": "string"
      },
      "BrandAssetsURL": {
        "label": "string"
      },
      "SupplierWebsiteURL": {
        "label": "string"
      },
      "Active": {
        "label": "boolean"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "SupplierCreditTerm": {
    "id": "SupplierCreditTerm",
    "fields": {
      "SupplierID": {
        "label": "number"
      },
      "TermID": {
        "label": "number"
      },
      "Term": {
        "label": "string"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "User": {
    "id": "User",
    "fields": {
      "UserID": {
        "label": "number"
      },
      "SiteUserID": {
        "label": "number"
      },
      "UserActive": {
        "label": "boolean"
      },
      "SvcLiveAccess": {
        "label": "boolean"
      },
      "PowerUser": {
        "label": "boolean"
      },
      "Email": {
        "label": "string"
      },
      "FullName": {
        "label": "string"
      },
      "States": {
        "label": "string[]"
      },
      "Role": {
        "label": "'Customer' | 'Supplier' | 'Admin' | 'DistributorRep'"
      },
      "CustomerIDs": {
        "label": "number[]?"
      },
      "SupplierIDs": {
        "label": "number[]?"
      },
      "LocationIDs": {
        "label": "number[]?"
      },
      "JobTitle": {
        "label": "string?"
      },
      "Department": {
        "label": "string?"
      }
    }
  },
  "Vendor": {
    "id": "Vendor",
    "fields": {
      "SupplierID": {
        "label": "number"
      },
      "LocationID": {
        "label": "number",
        "description": "Destination warehouse."
      },
      "VendorID": {
        "label": "number"
      },
      "LeadTimeDays": {
        "label": "number"
      },
      "TargetDOI": {
        "label": "number"
      },
      "MaxDOI": {
        "label": "number"
      },
      "VendorName": {
        "label": "string"
      },
      "VendorLicenseNumber": {
        "label": "string"
      },
      "VendorAddress": {
        "label": "string"
      },
      "VendorAddress2": {
        "label": "string?"
      },
      "VendorCity": {
        "label": "string"
      },
      "VendorState": {
        "label": "string"
      },
      "VendorPostalCode": {
        "label": "string"
      },
      "PickupDates": {
        "label": "string[]",
        "description": "Weekday abbreviations."
      },
      "RequirePOBatchCodes": {
        "label": "boolean"
      },
      "Active": {
        "label": "boolean"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "Allocation": {
    "id": "Allocation",
    "fields": {
      "AllocationID": {
        "label": "number"
      },
      "ProductID": {
        "label": "number"
      },
      "CustomerID": {
        "label": "number"
      },
      "Units": {
        "label": "number"
      },
      "AllocationTypeID": {
        "label": "number"
      },
      "StartDate": {
        "label": "date"
      },
      "EndDate": {
        "label": "date"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "AvailableInventory": {
    "id": "AvailableInventory",
    "fields": {
      "LocationID": {
        "label": "number"
      },
      "ProductID": {
        "label": "number"
      },
      "InStock": {
        "label": "boolean",
        "description": "Enough stock to place the smallest allowed order."
      },
      "InventoryBucket": {
        "label": "'50+ Cases' | '< 50 Cases' | '< 25 Cases' | '< 10 Cases' | '< 5 Cases' | '< 1 Case' | 'Out of Stock'",
        "description": "Measured in cases; excludes units already sold or reserved."
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "InventoryBatch": {
    "id": "InventoryBatch",
    "fields": {
      "LocationID": {
        "label": "number"
      },
      "ProductID": {
        "label": "number"
      },
      "SupplierID": {
        "label": "number"
      },
      "PurchaseTransID": {
        "label": "number"
      },
      "InventoryUnits": {
        "label": "number"
      },
      "State": {
        "label": "string"
      },
      "BatchCode": {
        "label": "string"
      },
      "UID": {
        "label": "string"
      },
      "Laboratory": {
        "label": "string"
      },
      "PotencyType": {
        "label": "string",
        "description": "For example PerServing."
      },
      "COAURL": {
        "label": "string"
      },
      "ExpirationDate": {
        "label": "date?"
      },
      "BestByDate": {
        "label": "date?"
      },
      "HarvestDate": {
        "label": "date?"
      },
      "ManufactureDate": {
        "label": "date?"
      },
      "PackDate": {
        "label": "date?"
      },
      "COAExpirationDate": {
        "label": "date?"
      },
      "Vintage": {
        "label": "unknown (not shown)?"
      },
      "THCPotency": {
        "label": "dec-string"
      },
      "CBDPotency": {
        "label": "dec-string"
      },
      "TotalCannabinoids": {
        "label": "dec-string"
      },
      "LabelTHCPotency": {
        "label": "dec-string"
      },
      "LabelCBDPotency": {
        "label": "dec-string"
      },
      "LabelTotalCannabinoids": {
        "label": "dec-string"
      },
      "TimeCreated": {
        "label": "date-time"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "InventoryRecord": {
    "id": "InventoryRecord",
    "fields": {
      "LocationID": {
        "label": "number"
      },
      "ProductID": {
        "label": "number"
      },
      "PurchaseTransID": {
        "label": "number",
        "description": "The purchase transaction of the FIFO layer currently being sold."
      },
      "AvailableUnits": {
        "label": "number",
        "description": "OnFloorInventory - (PreSales + Allocated)."
      },
      "OnFloorInventory": {
        "label": "dec-string",
        "description": "Inventory + Received - (Loaded + Picked + PendingSales + Delivered + Unsellable)."
      },
      "PreSales": {
        "label": "dec-string",
        "description": "On an invoice for delivery and not yet picked or loaded."
      },
      "Allocated": {
        "label": "dec-string",
        "description": "Set aside by allocations."
      },
      "Inventory": {
        "label": "dec-string",
        "description": "Verified received purchases minus verified sales. Can be negative."
      },
      "Received": {
        "label": "dec-string",
        "description": "Received and not yet moved to on-floor or unsellable. Not included in Inventory."
      },
      "Loaded": {
        "label": "dec-string",
        "description": "Loaded on trucks."
      },
      "Picked": {
        "label": "dec-string",
        "description": "Picked but not yet loaded."
      },
      "Delivered": {
        "label": "dec-string",
        "description": "Delivered but still on load sheets in the Loaded status."
      },
      "Unsellable": {
        "label": "dec-string",
        "description": "In the warehouse and not flagged sellable."
      },
      "DOI": {
        "label": "dec-string",
        "description": "Days of inventory (definition not shown)."
      },
      "AvgDailySales90d": {
        "label": "dec-string",
        "description": "Average daily sales over 90 days (definition not shown)."
      },
      "NotAuthorized": {
        "label": "boolean",
        "description": "When true, the product is reserved for specifically authorized accounts."
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "RetailerInventory": {
    "id": "RetailerInventory",
    "fields": {
      "ID": {
        "label": "number"
      },
      "ProductID": {
        "label": "number"
      },
      "CustomerID": {
        "label": "number"
      },
      "LastInventoryDate": {
        "label": "date-time"
      },
      "TimeUpdated": {
        "label": "date-time"
      },
      "Inventory": {
        "label": "dec-string"
      },
      "DailySales": {
        "label": "dec-string"
      }
    }
  },
  "ARAging": {
    "id": "ARAging",
    "fields": {
      "ARAccountID": {
        "label": "number"
      },
      "SupplierID": {
        "label": "number"
      },
      "OpenCredit": {
        "label": "dec-string"
      },
      "CurrentDue": {
        "label": "dec-string"
      },
      "Due_1_30": {
        "label": "dec-string"
      },
      "Due_31_60": {
        "label": "dec-string"
      },
      "Due_61_90": {
        "label": "dec-string"
      },
      "Due_91": {
        "label": "dec-string"
      },
      "TotalBalanceOutstanding": {
        "label": "dec-string"
      },
      "CloseDate": {
        "label": "date-time"
      },
      "TimeUpdated": {
        "label": "date-time"
      },
      "CurrentInvoices": {
        "label": "AgingInvoiceRef[]"
      },
      "Invoices_1_30": {
        "label": "AgingInvoiceRef[]"
      },
      "Invoices_31_60": {
        "label": "AgingInvoiceRef[]"
      },
      "Invoices_61_90": {
        "label": "AgingInvoiceRef[]"
      },
      "Invoices_91": {
        "label": "AgingInvoiceRef[]"
      },
      "CreditInvoices": {
        "label": "unknown (not shown)[]",
        "description": "Item shape not shown."
      }
    }
  },
  "Invoice": {
    "id": "Invoice",
    "fields": {
      "InvoiceID": {
        "label": "number"
      },
      "CustomerID": {
        "label": "number"
      },
      "TermID": {
        "label": "number"
      },
      "SubmittedByUserID": {
        "label": "number"
      },
      "BuiltByUserID": {
        "label": "number"
      },
      "CustomerName": {
        "label": "string"
      },
      "InvoiceNum": {
        "label": "string"
      },
      "PDFURL": {
        "label": "string"
      },
      "SubmittedByUserName": {
        "label": "string"
      },
      "SubmittedByUserEmail": {
        "label": "string"
      },
      "BuiltByUserName": {
        "label": "string"
      },
      "BuiltByUserEmail": {
        "label": "string"
      },
      "PONum": {
        "label": "string?"
      },
      "Memo": {
        "label": "string?"
      },
      "ARNote": {
        "label": "string?"
      },
      "PODate": {
        "label": "date-time?"
      },
      "OpenDebit": {
        "label": "dec-string"
      },
      "OpenCredit": {
        "label": "dec-string"
      },
      "InvoiceTotal": {
        "label": "dec-string"
      },
      "TotalFullPrice": {
        "label": "dec-string"
      },
      "TotalExtPrice": {
        "label": "dec-string"
      },
      "TotalDiscount": {
        "label": "dec-string"
      },
      "OpenBalance": {
        "label": "dec-string"
      },
      "TotalNumUnits": {
        "label": "string"
      },
      "TotalCases": {
        "label": "dec-string"
      },
      "Date": {
        "label": "date-time"
      },
      "DueDate": {
        "label": "date-time"
      },
      "InvoiceTimeCreated": {
        "label": "date-time"
      },
      "InvoiceLastUpdated": {
        "label": "date-time"
      },
      "Status": {
        "label": "number",
        "description": "Invoice status id: 1 New, 2 Locked for Routing, 3 Loaded, 4 Returned, 5 Balanced, 7 Verified."
      },
      "RevisionStatus": {
        "label": "'Submitted' | 'Importing' | 'Accepted'?",
        "description": "Set while an update made in the ordering web application is being applied; values may not reflect it yet."
      },
      "RevisionUpdatedAt": {
        "label": "date-time?"
      }
    }
  },
  "InvoiceCOA": {
    "id": "InvoiceCOA",
    "fields": {
      "InvoiceID": {
        "label": "number"
      },
      "ProductID": {
        "label": "number"
      },
      "InvoiceTransID": {
        "label": "number"
      },
      "BatchCode": {
        "label": "string"
      },
      "COA_URL": {
        "label": "string"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "InvoiceTransaction": {
    "id": "InvoiceTransaction",
    "fields": {
      "InvoiceTransID": {
        "label": "number"
      },
      "InvoiceID": {
        "label": "number"
      },
      "CustomerID": {
        "label": "number",
        "description": "Can be absent on some lines."
      },
      "ProductID": {
        "label": "number"
      },
      "SupplierID": {
        "label": "number"
      },
      "NumUnits": {
        "label": "number"
      },
      "Ordered": {
        "label": "number"
      },
      "BackOrder": {
        "label": "number"
      },
      "ProductName": {
        "label": "string"
      },
      "BatchCode": {
        "label": "string"
      },
      "Cases": {
        "label": "dec-string"
      },
      "FullPrice": {
        "label": "dec-string"
      },
      "Discount": {
        "label": "dec-string"
      },
      "UnitPrice": {
        "label": "dec-string"
      },
      "ExtPrice": {
        "label": "dec-string"
      },
      "PromotionID": {
        "label": "number?"
      },
      "ReasonID": {
        "label": "number?"
      },
      "PurchaseTransID": {
        "label": "number?",
        "description": "The purchase transaction that filled the line; null until filled."
      },
      "Reason": {
        "label": "string?"
      },
      "PromotionOverridden": {
        "label": "boolean",
        "description": "True when the price was manually overridden from its default."
      },
      "COA_URL": {
        "label": "string?"
      },
      "TimeUpdated": {
        "label": "date-time"
      },
      "RevisionStatus": {
        "label": "'Submitted' | 'Importing' | 'Accepted'?",
        "description": "Set while an update made in the ordering web application is being applied; values may not reflect it yet."
      },
      "RevisionUpdatedAt": {
        "label": "date-time?"
      }
    }
  },
  "OpenInvoice": {
    "id": "OpenInvoice",
    "fields": {
      "InvoiceID": {
        "label": "number"
      },
      "CustomerID": {
        "label": "number"
      },
      "ARAccountID": {
        "label": "number"
      },
      "CreditTermID": {
        "label": "number"
      },
      "TermID": {
        "label": "number"
      },
      "InvoiceNum": {
        "label": "string"
      },
      "PONum": {
        "label": "string"
      },
      "InvoiceTotal": {
        "label": "dec-string",
        "description": "For supplier keys, only the supplier's portion."
      },
      "OpenDebit": {
        "label": "dec-string",
        "description": "Not returned to supplier keys."
      },
      "OpenCredit": {
        "label": "dec-string",
        "description": "Not returned to supplier keys."
      },
      "OpenBalance": {
        "label": "dec-string",
        "description": "For supplier keys, only the supplier's portion."
      },
      "DueDate": {
        "label": "date-time"
      },
      "Date": {
        "label": "date-time"
      }
    }
  },
  "Payment": {
    "id": "Payment",
    "fields": {
      "PaymentID": {
        "label": "number"
      },
      "PaymentInvoiceID": {
        "label": "number"
      },
      "ARAccountID": {
        "label": "number"
      },
      "PaymentTypeID": {
        "label": "number"
      },
      "LoadSheetStatusID": {
        "label": "number"
      },
      "PaymentInvoiceNum": {
        "label": "string"
      },
      "PaymentTypeName": {
        "label": "string"
      },
      "Memo": {
        "label": "string"
      },
      "Amount": {
        "label": "dec-string",
        "description": "A reversed payment can have a negative Amount."
      },
      "AvailableBalance": {
        "label": "dec-string",
        "description": "Remaining credit after confirmed applications and pending requests; never negative."
      },
      "SupplierID": {
        "label": "number?"
      },
      "ARNote": {
        "label": "string?"
      },
      "PostDate": {
        "label": "date-time"
      },
      "TimeCreated": {
        "label": "date-time"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "PaymentApplication": {
    "id": "PaymentApplication",
    "fields": {
      "PaymentApplicationID": {
        "label": "number?",
        "description": "Filled once the request is confirmed."
      },
      "RequestID": {
        "label": "number?",
        "description": "Null for allocations applied directly in the ERP."
      },
      "PaymentInvoiceNum": {
        "label": "string"
      },
      "TargetInvoiceNum": {
        "label": "string"
      },
      "ARAccountID": {
        "label": "number"
      },
      "Amount": {
        "label": "dec-string"
      },
      "Status": {
        "label": "'Pending' | 'Exported' | 'Confirmed' | 'Rejected'"
      },
      "RequestedByUserID": {
        "label": "number"
      },
      "AppliedBy": {
        "label": "string?"
      },
      "TimeRequested": {
        "label": "date-time"
      },
      "TimeExported": {
        "label": "date-time?"
      },
      "TimeApplied": {
        "label": "date-time?"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "PaymentApplicationRequest": {
    "id": "PaymentApplicationRequest",
    "fields": {
      "RequestID": {
        "label": "number"
      },
      "ARAccountID": {
        "label": "number"
      },
      "RequestedByUserID": {
        "label": "number"
      },
      "PaymentInvoiceNum": {
        "label": "string"
      },
      "TargetInvoiceNum": {
        "label": "string"
      },
      "Amount": {
        "label": "dec-string"
      },
      "Status": {
        "label": "'Pending' | 'Exported' | 'Confirmed' | 'Rejected'"
      },
      "TimeRequested": {
        "label": "date-time"
      },
      "TimeUpdated": {
        "label": "date-time"
      },
      "TimeExported": {
        "label": "date-time?"
      },
      "TimeConfirmed": {
        "label": "date-time?"
      },
      "MatchedPaymentApplicationID": {
        "label": "number?"
      }
    }
  },
  "PaymentType": {
    "id": "PaymentType",
    "fields": {
      "PaymentTypeID": {
        "label": "number",
        "description": "The shared generic payment type has PaymentTypeID -1."
      },
      "Name": {
        "label": "string"
      },
      "SupplierID": {
        "label": "number?"
      },
      "TimeCreated": {
        "label": "date-time"
      },
      "TimeUpdated": {
        "label": "date-time"
      }
    }
  },
  "DraftPurchaseLineV2": {
    "id": "DraftPurchaseLineV2",
    "fields": {
      "id": {
        "label": "number"
      },
      "product_id": {
        "label": "number"
      },
      "num_units": {
        "label": "number"
      },
      "batch_code": {
        "label": "string?"
      },
      "expiration_date": {
        "label": "date?"
      },
      "needs_activation": {
        "label": "boolean"
      },
      "activation_task_id": {
        "label": "number?"
      }
    }
  },
  "PostedPurchaseLineV2": {
    "id": "PostedPurchaseLineV2",
    "fields": {
      "purchase_trans_id": {
        "label": "number"
      },
      "purchase_id": {
        "label": "number"
      },
      "product_id": {
        "label": "number"
      },
      "ordered": {
        "label": "dec-string?"
      },
      "num_units": {
        "label": "dec-string?"
      },
      "fob": {
        "label": "dec-string?"
      },
      "deposit_cost": {
        "label": "dec-string?"
      },
      "ext_price": {
        "label": "dec-string?"
      },
      "laid_in_cost": {
        "label": "dec-string?"
      },
      "cases": {
        "label": "dec-string?"
      },
      "weight": {
        "label": "dec-string?"
      },
      "expiration_date": {
        "label": "date-time?"
      },
      "code_date": {
        "label": "date-time?"
      },
      "time_updated": {
        "label": "date-time?"
      },
      "batch_code": {
        "label": "string?"
      },
      "pallet_tag": {
        "label": "string?"
      }
    }
  },
  "PurchaseTransactionV1": {
    "id": "PurchaseTransactionV1",
    "fields": {
      "PurchaseTransID": {
        "label": "number"
      },
      "PurchaseID": {
        "label": "number"
      },
      "ProductID": {
        "label": "number"
      },
      "Ordered": {
        "label": "dec-string?"
      },
      "NumUnits": {
        "label": "dec-string?"
      },
      "FOB": {
        "label": "dec-string?"
      },
      "DepositCost": {
        "label": "dec-string?"
      },
      "ExtPrice": {
        "label": "dec-string?"
      },
      "LaidInCost": {
        "label": "dec-string?"
      },
      "Cases": {
        "label": "dec-string?"
      },
      "Weight": {
        "label": "dec-string?"
      },
      "ExpirationDate": {
        "label": "date-time?"
      },
      "CodeDate": {
        "label": "date-time?"
      },
      "TimeUpdated": {
        "label": "date-time?"
      },
      "BatchCode": {
        "label": "string?"
      },
      "PalletTag": {
        "label": "string?"
      }
    }
  },
  "PurchaseV1": {
    "id": "PurchaseV1",
    "fields": {
      "PurchaseID": {
        "label": "number",
        "description": "Numeric ERP id."
      },
      "ShipmentID": {
        "label": "number?"
      },
      "ToLocationID": {
        "label": "number"
      },
      "VendorID": {
        "label": "number"
      },
      "ToLocationName": {
        "label": "string?"
      },
      "VendorName": {
        "label": "string?"
      },
      "ShipmentNum": {
        "label": "string?"
      },
      "ReceivingNum": {
        "label": "string?"
      },
      "PublicPDFLink": {
        "label": "string?",
        "description": "Embeds an access token of the ERP: treat as a secret."
      },
      "Memo": {
        "label": "string?"
      },
      "Terms": {
        "label": "string?"
      },
      "PONum": {
        "label": "string"
      },
      "Status": {
        "label": "'New' | 'Accepted' | 'Received' | 'Confirmed' | 'Verified' | 'InProgress' | 'Submitted'"
      },
      "Freight": {
        "label": "dec-string?"
      },
      "Tax": {
        "label": "dec-string?"
      },
      "OtherCost": {
        "label": "dec-string?"
      },
      "Total": {
        "label": "dec-string?"
      },
      "TotalCases": {
        "label": "dec-string?"
      },
      "PurchasePDFURLAPIKeyID": {
        "label": "number?"
      },
      "TermID": {
        "label": "number?"
      },
      "ReceiveDate": {
        "label": "date-time?"
      },
      "PostDate": {
        "label": "date-time?"
      },
      "LastEditTime": {
        "label": "date-time?"
      },
      "LastCalcTime": {
        "label": "date-time?"
      },
      "TimeUpdated": {
        "label": "date-time?"
      },
      "InvoiceDate": {
        "label": "date-time?"
      },
      "DueDate": {
        "label": "date-time?"
      },
      "TimeCreated": {
        "label": "date-time?"
      },
      "PurchaseGlobalID": {
        "label": "string?",
        "description": "Permanent global identifier."
      }
    }
  },
  "PurchaseV2": {
    "id": "PurchaseV2",
    "fields": {
      "purchase_id": {
        "label": "number?",
        "description": "Numeric ERP id; null until the purchase has synced into the ERP."
      },
      "shipment_id": {
        "label": "number?"
      },
      "to_location_id": {
        "label": "number"
      },
      "vendor_id": {
        "label": "number"
      },
      "to_location_name": {
        "label": "string?"
      },
      "vendor_name": {
        "label": "string?"
      },
      "shipment_num": {
        "label": "string?"
      },
      "receiving_num": {
        "label": "string?"
      },
      "public_pdf_link": {
        "label": "string?",
        "description": "Embeds an access token of the ERP: treat as a secret."
      },
      "memo": {
        "label": "string?"
      },
      "terms": {
        "label": "string?"
      },
      "po_num": {
        "label": "string"
      },
      "status": {
        "label": "'New' | 'Accepted' | 'Received' | 'Confirmed' | 'Verified' | 'InProgress' | 'Submitted'"
      },
      "freight": {
        "label": "dec-string?"
      },
      "tax": {
        "label": "dec-string?"
      },
      "other_cost": {
        "label": "dec-string?"
      },
      "total": {
        "label": "dec-string?"
      },
      "total_cases": {
        "label": "dec-string?"
      },
      "purchase_pdf_url_api_key_id": {
        "label": "number?"
      },
      "term_id": {
        "label": "number?"
      },
      "receive_date": {
        "label": "date-time?"
      },
      "post_date": {
        "label": "date-time?"
      },
      "last_edit_time": {
        "label": "date-time?"
      },
      "last_calc_time": {
        "label": "date-time?"
      },
      "time_updated": {
        "label": "date-time?"
      },
      "invoice_date": {
        "label": "date-time?"
      },
      "due_date": {
        "label": "date-time?"
      },
      "time_created": {
        "label": "date-time?"
      },
      "purchase_global_id": {
        "label": "string?",
        "description": "Permanent global identifier."
      },
      "purchase_transactions": {
        "label": "(DraftPurchaseLineV2 | PostedPurchaseLineV2)[]",
        "description": "Present unless include_transactions=false."
      }
    }
  },
  "PurchaseValidationV1": {
    "id": "PurchaseValidationV1",
    "fields": {
      "Valid": {
        "label": "boolean"
      },
      "TotalCases": {
        "label": "number"
      }
    }
  },
  "PurchaseValidationV2": {
    "id": "PurchaseValidationV2",
    "fields": {
      "valid": {
        "label": "boolean"
      },
      "total_cases": {
        "label": "number"
      }
    }
  }
} satisfies Record<string, RecordMeta>;

