public import Harbor
